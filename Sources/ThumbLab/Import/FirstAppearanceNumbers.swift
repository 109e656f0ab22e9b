/// Numbers values 0, 1, 2, ... in the order they first appear; the value asked for last is
/// answered without hashing, as rows of one participant and condition come in runs.
struct FirstAppearanceNumbers<Value: Hashable> {
    private var numbers: [Value: Int32] = [:]
    private var last: (value: Value, number: Int32)?

    /// The number of `value`, and whether this is its first appearance.
    mutating func number(of value: Value) -> (number: Int32, isNew: Bool) {
        if let last, last.value == value { return (last.number, false) }
        let isNew = numbers[value] == nil
        let number = numbers[value] ?? Int32(numbers.count)
        if isNew { numbers[value] = number }
        last = (value, number)
        return (number, isNew)
    }
}
