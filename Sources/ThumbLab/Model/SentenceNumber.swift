extension Double {
    /// The number as a sentence states a size or a limit: at most one decimal, none when
    /// whole (`640`, `162.3`).
    var sentenceText: String {
        let rounded = (self * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
