import Testing

@testable import ThumbLab

@Suite struct DisplayNamesTests {
    /// Raw names become words: separators and camel case split, trailing units in parentheses,
    /// acronyms kept, and a name that is already words left alone.
    @Test(arguments: [
        ("target_size_mm", "target size (mm)"), ("targetSizeMm", "target size (mm)"), ("technique", "technique"),
        ("SUS_score", "SUS score"), ("width_pct", "width (%)"), ("mobility-condition", "mobility condition"),
        ("Target size", "target size"), ("mm", "mm"), ("block2", "block2"), ("_", "_"),
    ])
    func rawNamesReadAsWords(raw: String, words: String) {
        #expect(DisplayNames.words(raw) == words)
    }

    /// Labels win over words; levels without a label are shown as they are; terms join factors with ×.
    @Test func labelsWinOverWords() {
        let names = DisplayNames(
            factorLabels: ["target_size_mm": "Target size (mm)"], levelLabels: ["technique": ["ts": "ThumbSpace"]])
        #expect(names.factor("target_size_mm") == "Target size (mm)")
        #expect(names.factor("mobility") == "mobility")
        #expect(names.term("technique:target_size_mm") == "technique × Target size (mm)")
        #expect(names.level("ts", of: "technique") == "ThumbSpace")
        #expect(names.level("shift", of: "technique") == "shift")
        #expect(names.level("ts", of: "mobility") == "ts")
    }
}
