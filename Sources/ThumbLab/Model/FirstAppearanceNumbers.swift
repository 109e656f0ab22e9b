/// Numbers values 0, 1, 2, ... in the order they first appear; the value asked for last is
/// answered without hashing, as rows of one participant or condition come in runs (in a
/// log as in the database's storage order), and so is the value that followed it the time
/// before, as logs whose participants or conditions take turns repeat one succession.
struct FirstAppearanceNumbers<Value: Hashable> {
    /// The values in the order they first appeared: value `values[n]` has number `n`.
    private(set) var values: [Value] = []
    private var numbers: [Value: Int] = [:]
    private var last: (value: Value, number: Int)?
    /// For each number, the number asked for right after it last time; -1 before any.
    private var successors: [Int] = []

    /// The number of `value`, and whether this is its first appearance.
    mutating func number(of value: Value) -> (number: Int, isNew: Bool) {
        if let last {
            if last.value == value { return (last.number, false) }
            let predicted = successors[last.number]
            if predicted >= 0 && values[predicted] == value {
                self.last = (value, predicted)
                return (predicted, false)
            }
        }
        let known = numbers[value]
        let number = known ?? values.count
        if known == nil {
            numbers[value] = number
            values.append(value)
            successors.append(-1)
        }
        if let last { successors[last.number] = number }
        last = (value, number)
        return (number, known == nil)
    }

    /// The number `value` got, if it appeared.
    func number(ifSeen value: Value) -> Int? { numbers[value] }
}
