/// Whether `a` sorts before `b` when runs of digits compare as numbers: `P2` before
/// `P10`, as people number participants.
func naturalOrder(_ a: String, _ b: String) -> Bool {
    var left = Substring(a)
    var right = Substring(b)
    while let l = left.first, let r = right.first {
        if l.isASCII, l.isNumber, r.isASCII, r.isNumber {
            let leftDigits = left.prefix { $0.isASCII && $0.isNumber }
            let rightDigits = right.prefix { $0.isASCII && $0.isNumber }
            let leftValue = leftDigits.drop { $0 == "0" }
            let rightValue = rightDigits.drop { $0 == "0" }
            if leftValue.count != rightValue.count { return leftValue.count < rightValue.count }
            if leftValue != rightValue { return leftValue < rightValue }
            left = left.dropFirst(leftDigits.count)
            right = right.dropFirst(rightDigits.count)
            continue
        }
        if l != r { return l < r }
        left = left.dropFirst()
        right = right.dropFirst()
    }
    if left.isEmpty && right.isEmpty { return a < b }
    return left.isEmpty
}
