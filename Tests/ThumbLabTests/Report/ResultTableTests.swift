import Foundation
import Testing

@testable import ThumbLab

@Suite struct ResultTableTests {
    let table = ResultTable(
        columns: ["name", "n", "rate"],
        rows: [
            [.string("Direct"), .int(12), .number(0.25)],
            [.string("Shift, 1|2"), .int(3), .null],
        ])

    @Test func textAlignsTextLeftAndNumbersRight() {
        #expect(
            table.rendered(as: .text) == """
                name         n  rate
                ----------  --  ----
                Direct      12  0.25
                Shift, 1|2   3

                """)
    }

    @Test func markdownEscapesPipesAndAlignsNumbers() {
        #expect(
            table.rendered(as: .md) == """
                | name | n | rate |
                | --- | ---: | ---: |
                | Direct | 12 | 0.25 |
                | Shift, 1\\|2 | 3 |  |

                """)
    }

    @Test func csvQuotesFieldsWithCommasAndEndsLinesWithCRLF() {
        #expect(table.rendered(as: .csv) == "name,n,rate\r\nDirect,12,0.25\r\n\"Shift, 1|2\",3,\r\n")
    }

    @Test func jsonIsAnArrayOfObjectsInColumnOrder() {
        #expect(
            table.rendered(as: .json) == """
                [
                  {
                    "name": "Direct",
                    "n": 12,
                    "rate": 0.25
                  },
                  {
                    "name": "Shift, 1|2",
                    "n": 3,
                    "rate": null
                  }
                ]

                """)
    }

    @Test func emptyTableKeepsItsHeader() {
        let empty = ResultTable(columns: ["id", "study"])
        #expect(empty.rendered(as: .text) == "id  study\n--  -----\n")
        #expect(empty.rendered(as: .json) == "[]\n")
        #expect(empty.rendered(as: .csv) == "id,study\r\n")
    }
}
