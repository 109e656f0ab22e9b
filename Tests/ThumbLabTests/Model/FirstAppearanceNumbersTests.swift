import Testing

@testable import ThumbLab

@Suite struct FirstAppearanceNumbersTests {
    /// Runs, values taking turns, and turns that change: numbers in order of first appearance.
    @Test func valuesAreNumberedInOrderOfFirstAppearance() {
        var numbers = FirstAppearanceNumbers<String>()
        let sequence = ["a", "a", "b", "c", "a", "b", "c", "a", "c", "b", "d", "a", "d", "b"]
        let result = sequence.map { numbers.number(of: $0) }
        #expect(result.map(\.number) == [0, 0, 1, 2, 0, 1, 2, 0, 2, 1, 3, 0, 3, 1])
        #expect(result.map(\.isNew) == sequence.indices.map { [0, 2, 3, 10].contains($0) })
        #expect(numbers.values == ["a", "b", "c", "d"])
        #expect(numbers.number(ifSeen: "c") == 2 && numbers.number(ifSeen: "e") == nil)
    }
}
