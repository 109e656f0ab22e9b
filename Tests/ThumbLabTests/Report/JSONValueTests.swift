import Testing

@testable import ThumbLab

@Suite struct JSONValueTests {
    @Test(arguments: [
        (JSONValue.null, "null"),
        (.bool(true), "true"),
        (.int(-7), "-7"),
        (.number(320), "320"),
        (.number(6.417322834645669), "6.417322834645669"),
        (.number(-0.5), "-0.5"),
        (.number(.infinity), "null"),
        (.number(.nan), "null"),
        (.string("Ä \"q\" \\ \n\t\u{01}"), "\"Ä \\\"q\\\" \\\\ \\n\\t\\u0001\""),
        (.array([]), "[]"),
        (.object([]), "{}"),
    ])
    func scalarsAndEmptyContainers(value: JSONValue, expected: String) {
        #expect(value.rendered() == expected)
    }

    @Test func nestedObjectsKeepKeyOrderAndIndentByTwo() {
        let value = JSONValue.object([
            ("z", .int(1)),
            ("a", .array([.string("x"), .object([("k", .bool(false))])])),
        ])
        #expect(
            value.rendered() == """
                {
                  "z": 1,
                  "a": [
                    "x",
                    {
                      "k": false
                    }
                  ]
                }
                """)
    }

    @Test func objectsWithTheSameMembersInAnotherOrderDiffer() {
        #expect(JSONValue.object([("a", .int(1)), ("b", .int(2))]) != .object([("b", .int(2)), ("a", .int(1))]))
        #expect(JSONValue.object([("a", .int(1))]) == .object([("a", .int(1))]))
    }
}
