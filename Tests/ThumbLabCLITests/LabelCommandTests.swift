import Foundation
import Testing

/// `thumblab label` end to end: labels stored, shown and cleared; unknown names exit 64
/// listing the known ones; a labelled bundled study's reports and figures show the labels
/// and no raw factor name with underscores, while JSON keeps the raw names and adds `labels`.
@Suite struct LabelCommandTests {
    static let db = CompareChartTests.demoDatabase

    func demo() throws -> Sandbox {
        let sandbox = try Sandbox()
        #expect(try sandbox.run(["demo"]).status == 0)
        return sandbox
    }

    func label(_ sandbox: borrowing Sandbox, _ words: [String]) throws -> Run {
        try sandbox.run(["label"] + words + ["--db", sandbox.path(Self.db)])
    }

    @Test func labelsAreSetShownAndCleared() throws {
        let sandbox = try demo()
        let factor = try label(sandbox, ["factor", "target_size_mm", "Target size (mm)"])
        #expect(factor.status == 0, "\(factor.stderr)")
        #expect(factor.stdout == "Factor target_size_mm is shown as \"Target size (mm)\".\n")
        let level = try label(sandbox, ["level", "technique", "ThumbSpace", "Thumb Space"])
        #expect(level.stdout == "Level ThumbSpace of technique is shown as \"Thumb Space\".\n")
        let show = try label(sandbox, ["show"])
        #expect(show.status == 0)
        let lines = show.stdout.split(separator: "\n").map { String($0) }
        #expect(lines.first?.hasPrefix("factor") == true)
        #expect(lines.contains { $0.hasPrefix("target_size_mm") && $0.hasSuffix("Target size (mm)  Target size (mm)") })
        #expect(lines.contains { $0.hasPrefix("mobility") && $0.hasSuffix("mobility") })
        #expect(lines.contains { $0.hasPrefix("technique       ThumbSpace") && $0.hasSuffix("Thumb Space") })
        let json = try label(sandbox, ["show", "--format", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        let labels = try #require(object["labels"] as? [String: Any])
        #expect(labels["factors"] as? [String: String] == ["target_size_mm": "Target size (mm)"])
        #expect(labels["levels"] as? [String: [String: String]] == ["technique": ["ThumbSpace": "Thumb Space"]])
        let cleared = try label(sandbox, ["clear", "factor", "target_size_mm"])
        #expect(cleared.stdout == "Factor target_size_mm is shown as \"target size (mm)\".\n")
        let clearedLevel = try label(sandbox, ["clear", "level", "technique", "ThumbSpace", "--format", "json"])
        #expect(clearedLevel.status == 0)
        #expect(clearedLevel.stdout.contains("\"factors\": {}") && clearedLevel.stdout.contains("\"levels\": {}"))
    }

    @Test func anUnknownFactorOrLevelExits64ListingTheKnownOnes() throws {
        let sandbox = try demo()
        let factor = try label(sandbox, ["factor", "hand", "Hand"])
        #expect(factor.status == 64)
        #expect(factor.stderr.hasPrefix("Error: study '"), "\(factor.stderr)")
        #expect(factor.stderr.contains("has no factor 'hand'; its factors are technique, target_size_mm, mobility"))
        #expect(!factor.stderr.contains("block"))
        let level = try label(sandbox, ["level", "technique", "Laser", "Laser pointer"])
        #expect(level.status == 64)
        #expect(
            level.stderr.hasPrefix(
                "Error: factor 'technique' has no level 'Laser'; its levels are Direct, Shift, ThumbSpace"),
            "\(level.stderr)")
        let clear = try label(sandbox, ["clear", "level", "mobility", "running"])
        #expect(clear.status == 64)
        #expect(clear.stderr.contains("its levels are standing, walking"))
        let empty = try label(sandbox, ["factor", "technique", "  "])
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("Error: the label of factor 'technique' is empty"), "\(empty.stderr)")
        let missing = try label(sandbox, ["factor", "technique"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("<label>"), "\(missing.stderr)")
        #expect(try label(sandbox, ["show", "--format", "json"]).stdout.contains("\"factors\": {}"))
    }

    /// The bundled study with a factor label, a level label and an unlabelled factor with
    /// underscores: Markdown, HTML, LaTeX and figures show labels and words; JSON keeps the
    /// raw names and adds `labels`.
    @Test func aLabelledReportShowsLabelsAndNoRawFactorNames() throws {
        let sandbox = try demo()
        #expect(try label(sandbox, ["factor", "technique", "Interaction technique"]).status == 0)
        #expect(try label(sandbox, ["level", "technique", "ThumbSpace", "Thumb Space"]).status == 0)
        let db = sandbox.path(Self.db)
        let options = ["--db", db, "--exclude", "block=0"]
        for format in ["md", "html", "latex", "json"] {
            let run = try sandbox.run(["report", "--format", format, "--out", "out-\(format)"] + options)
            #expect(run.status == 0, "\(format): \(run.stderr)")
        }
        let markdown = try String(contentsOfFile: sandbox.path("out-md/report.md"), encoding: .utf8)
        let html = try String(contentsOfFile: sandbox.path("out-html/report.html"), encoding: .utf8)
        var latex = ""
        for name in ["report.tex", "results.tex", "methods.tex", "numbers.tex"] {
            latex += try String(contentsOfFile: sandbox.path("out-latex/\(name)"), encoding: .utf8)
        }
        let tables = try FileManager.default.contentsOfDirectory(atPath: sandbox.path("out-latex/tables"))
        for table in tables {
            latex += try String(contentsOfFile: sandbox.path("out-latex/tables/\(table)"), encoding: .utf8)
        }
        for (format, text) in [("md", markdown), ("html", html), ("latex", latex)] {
            #expect(text.contains("Interaction technique"), "\(format) lacks the factor label")
            #expect(text.contains("Thumb Space"), "\(format) lacks the level label")
            #expect(text.contains("target size (mm)"), "\(format) lacks the unlabelled factor in words")
            for raw in ["target_size_mm", "target\\_size\\_mm"] {
                #expect(!text.contains(raw), "\(format) names \(raw)")
            }
        }
        #expect(markdown.contains("| Interaction technique | target size (mm) | mobility |"))
        #expect(latex.contains("\\newcommand{\\TimeTechniqueF}"), "macro names stay raw")
        #expect(latex.contains("% time, Interaction technique: "))
        let json = try String(contentsOfFile: sandbox.path("out-json/report.json"), encoding: .utf8)
        #expect(json.contains("\"target_size_mm\"") && json.contains("\"ThumbSpace\""))
        #expect(json.contains("\"technique:target_size_mm\""))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let labels = try #require(object["labels"] as? [String: Any])
        #expect(labels["factors"] as? [String: String] == ["technique": "Interaction technique"])
        #expect(labels["levels"] as? [String: [String: String]] == ["technique": ["ThumbSpace": "Thumb Space"]])
        let csv = try sandbox.run(["summary", "--by", "technique", "--format", "csv"] + options)
        #expect(csv.stdout.hasPrefix("technique,participants") && csv.stdout.contains("ThumbSpace,"))
    }

    /// Figures carry the labels in their titles, axes and legends, in SVG and in PDF.
    @Test func figuresShowLabels() throws {
        let sandbox = try demo()
        #expect(try label(sandbox, ["level", "technique", "ThumbSpace", "Thumb Space"]).status == 0)
        let options = ["--db", sandbox.path(Self.db), "--exclude", "block=0"]
        let compare = try sandbox.run(
            ["compare", "--factor", "technique", "--factor", "target_size_mm", "--out", "chart.svg"] + options)
        #expect(compare.status == 0, "\(compare.stderr)")
        let chart = try String(contentsOfFile: sandbox.path("chart.svg"), encoding: .utf8)
        #expect(chart.contains("Time by technique x target size (mm)"))
        #expect(chart.contains(">Thumb Space<") && !chart.contains("target_size_mm"))
        let heatmap = try sandbox.run(["heatmap", "--by", "technique", "--out", "map.svg"] + options)
        #expect(heatmap.status == 0, "\(heatmap.stderr)")
        let map = try String(contentsOfFile: sandbox.path("map.svg"), encoding: .utf8)
        #expect(map.contains("technique Thumb Space"))
    }
}
