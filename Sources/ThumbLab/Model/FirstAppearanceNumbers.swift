/// Numbers values 0, 1, 2, ... in the order they first appear; the value asked for last is
/// answered without hashing, as rows of one participant or condition come in runs (in a
/// log as in the database's storage order).
struct FirstAppearanceNumbers<Value: Hashable> {
    /// The values in the order they first appeared: value `values[n]` has number `n`.
    private(set) var values: [Value] = []
    private var numbers: [Value: Int] = [:]
    private var last: (value: Value, number: Int)?

    /// The number of `value`, and whether this is its first appearance.
    mutating func number(of value: Value) -> (number: Int, isNew: Bool) {
        if let last, last.value == value { return (last.number, false) }
        let known = numbers[value]
        let number = known ?? values.count
        if known == nil {
            numbers[value] = number
            values.append(value)
        }
        last = (value, number)
        return (number, known == nil)
    }

    /// The number `value` got, if it appeared.
    func number(ifSeen value: Value) -> Int? { numbers[value] }
}
