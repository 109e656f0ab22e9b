extension RowKind {
    /// `1 trial`, `2 trials`, `1 touch`, `0 responses`.
    public func counted(_ n: Int) -> String {
        let noun =
            switch self {
            case .trials: n == 1 ? "trial" : "trials"
            case .touches: n == 1 ? "touch" : "touches"
            case .responses: n == 1 ? "response" : "responses"
            case .participants: n == 1 ? "participant" : "participants"
            case .phrases: n == 1 ? "phrase" : "phrases"
            case .factors: n == 1 ? "trial given derived factors" : "trials given derived factors"
            }
        return "\(n) \(noun)"
    }
}
