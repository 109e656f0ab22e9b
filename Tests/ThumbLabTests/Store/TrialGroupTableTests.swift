import Testing

@testable import ThumbLab

@Suite struct TrialGroupTableTests {
    /// Groups asked for in turns that repeat, that change and that break off, mixed with
    /// random ones: every number equals the one a dictionary numbering in order of first
    /// appearance gives, through many rehashes.
    @Test func numbersMatchAFirstAppearanceDictionary() {
        var table = TrialGroupTable()
        var plain: [[Int64]: Int] = [:]
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for round in Int64(0)..<400 {
            let participants = Int64(next() % 50) + 1
            let block: Int64 = round % 3 == 0 ? .min : round % 7
            for row in 0..<Int64(next() % 300) {
                // Mostly participants taking turns, each going through the conditions in an
                // order of its own (or staying in one), sometimes any group at all.
                let random = next() % 10 == 0
                let participant = random ? Int64(next() % 2000) - 1000 : row % participants
                let cycling = (row / participants + participant) % 3
                let condition = random ? Int64(next() % 5) : round % 2 == 0 ? cycling : Int64(round % 4)
                let group = TrialGroupTable.Group(participant: participant, condition: condition, block: block)
                let key = [group.participant, group.condition, group.block]
                let expected = plain[key] ?? plain.count
                plain[key] = expected
                #expect(table.number(of: group) == expected)
            }
        }
        #expect(table.count == plain.count)
        #expect(plain.count > 1000)
    }
}
