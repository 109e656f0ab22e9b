import Testing

@testable import ThumbLabStats

@Suite struct StatsErrorTests {
    @Test func errorDescribesItself() {
        let error = StatsError(.lengthMismatch, "x has 3 values, y has 4")
        #expect(error.description == "x has 3 values, y has 4")
        #expect(error.kind == .lengthMismatch)
    }
}
