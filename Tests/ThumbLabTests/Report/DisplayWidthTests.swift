import Testing

@testable import ThumbLab

/// Terminal tables line up whatever the script of their level names: wide characters take
/// two columns, combining marks none.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("Direct", 6), ("親指", 4), ("ｼﾌﾄ", 3), ("シフト", 6), ("한손", 4), ("e\u{301}cran", 5), ("👍", 2), ("", 0),
        ("ＡＢ", 4),
    ])
    func widthOfText(text: String, width: Int) {
        #expect(text.displayWidth == width)
    }

    @Test func textTableWithJapaneseLevelsLinesUp() {
        let table = ResultTable(
            columns: ["level", "count", "time"],
            rows: [
                [.string("直接タッチ"), .int(16), .number(1109.5)], [.string("Shift"), .int(16), .number(1314.25)],
                [.string("親指スペース"), .int(9), .number(1561)],
            ])
        let lines = table.rendered(as: .text).split(separator: "\n").map(String.init)
        // The last column ends in one display column on every line...
        #expect(Set(lines.map(\.displayWidth)).count == 1, "\(lines)")
        // ...and so does the count column, right-aligned under its header.
        let countEnd = String(lines[0][..<lines[0].range(of: "count")!.upperBound]).displayWidth
        for line in lines.dropFirst(2) {
            let upToCount = line.prefix { !$0.isNumber } + line.drop { !$0.isNumber }.prefix { $0.isNumber }
            #expect(String(upToCount).displayWidth == countEnd, "\(lines)")
        }
    }
}
