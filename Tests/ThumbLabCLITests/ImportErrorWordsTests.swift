import Foundation
import Testing
import ThumbLab

@testable import thumblab

/// `thumblab import` words the library's set-up problems and input remedies with its flags.
@Suite struct ImportErrorWordsTests {
    static let setupProblems: [(ImportSetupProblem, String)] = [
        (.studyWithoutName, "a study needs a name; give one with --study NAME"),
        (
            .unknownDevice(name: "pixel"),
            "unknown device pixel; add it with `thumblab device add pixel --width PX --height PX --px-per-mm X` (or --ppi X), then import again"
        ),
        (
            .unitWithoutDevice(unit: "mm", perField: false),
            "--units mm converts lengths to px through the device the data was logged on; name it with --device NAME (`thumblab device add NAME --width PX --height PX --ppi X --scale X` adds one)"
        ),
        (
            .deviceFiguresUnavailable(unit: "mm", perField: true, device: "phone"),
            "--map FIELD=COLUMN:mm converts lengths to px through device phone, whose figures are in the study database; import into a database that holds the device"
        ),
        (
            .deviceLacksFigure(
                field: "target_w", unit: "dp", figure: "its scale factor (px per dp)", device: "plain", widthPx: 1080,
                heightPx: 1920, pxPerMM: 10),
            "target_w in dp converts to px through its scale factor (px per dp), and device plain has none; give it one with `thumblab device add plain --width 1080 --height 1920 --px-per-mm 10 --scale X` (2 on a 2x screen)"
        ),
        (
            .unitOfNonLength(key: "time_ms", unit: "mm", kind: "trials", lengths: ["target_x", "target_w"]),
            "--map time_ms=...:mm: 'time_ms' is not a length of trials, so it has no unit; the lengths are target_x, target_w"
        ),
        (
            .unknownUnit(key: "target_w", column: "W:cm", unit: "cm", units: ["px", "pt", "dp", "mm"]),
            "--map target_w=W:cm: the file has no column 'W:cm', and 'cm' after its colon is not a unit (px, pt, dp, mm); give the column's unit as one of these, or convert the column first"
        ),
        (
            .missingColumn(key: "time_ms", column: "rt", columns: ["pid", "time"]),
            "--map time_ms=rt: the file has no column 'rt'; its columns are pid, time"
        ),
        (
            .unknownField(key: "speed", column: "time", kind: "trials", fields: ["participant", "time_ms"]),
            "--map speed=time: 'speed' is not a field of trials; the fields are participant, time_ms"
        ),
        (
            .constantNotWholeNumber(constant: .init(name: "block", value: "two", fromFileName: false), field: "block"),
            "block=two (given): block is a whole number, found 'two'"
        ),
        (
            .invalidNamePattern(pattern: "{a}{b}", flaw: .adjacentPlaceholders("a", "b")),
            "name pattern '{a}{b}': {a} and {b} need literal text between them, or the name could be split anywhere; write literal text and {name} placeholders, such as {participant}_{technique}.csv"
        ),
    ]

    @Test(arguments: setupProblems)
    func setupProblemsNameTheFlags(problem: ImportSetupProblem, words: String) {
        #expect(problem.commandLineWords == words)
        let report = ErrorReport(ThumbLabError.importSetup(problem))
        #expect(report.lines == [words] && report.status == 64 && !report.showsUsage)
    }

    @Test func theLibraryWordsSetupProblemsWithoutFlags() {
        for (problem, _) in Self.setupProblems {
            #expect(!problem.description.contains("--"), "\(problem.description)")
            #expect(ThumbLabError.importSetup(problem).description == problem.description)
        }
    }

    static let remedies: [(InputProblem.Remedy, String)] = [
        (.chooseColumn(field: "time_ms"), "choose one with --map time_ms=COLUMN and ignore the other"),
        (.giveKindAndColumns, "name the kind with --kind and the columns with --map"),
        (.giveKind, "name the kind with --kind"),
        (
            .mapPhaseOrGiveKind,
            "for a touch log name the phase column with --map phase=COLUMN, or name the kind with --kind"
        ),
        (
            .ignoreEpochColumn(column: "time", suggestTouches: true),
            "leave the column out with --ignore time and give the duration with --map time_ms=COLUMN or, for a touch log, name the kind with --kind touches"
        ),
        (
            .mapMissingField(field: "participant", byConstant: true, detectedKind: nil),
            "rename the column or add --map participant=COLUMN, or give every row one with --set participant=P01 (or --name-pattern)"
        ),
        (
            .mapMissingField(field: "x", byConstant: false, detectedKind: "touches"),
            "rename the column or add --map x=COLUMN (the rows were taken for touches; if they are not, name the kind with --kind)"
        ),
        (.fillInOrSkip, "fill it in or use --skip-invalid"),
        (.fillOneInOrSkip, "fill one in or use --skip-invalid"),
        (.correctOrSkip, "correct the value or use --skip-invalid"),
        (
            .correctSizeOrSkip,
            "a target has a positive size, so correct the value, leave the field empty if the size is unknown, or use --skip-invalid"
        ),
        (.mapAsErrors(column: "error"), "if the column counts errors, map it with --map errors=error"),
    ]

    @Test(arguments: remedies)
    func remediesNameTheFlags(remedy: InputProblem.Remedy, words: String) {
        let problem = InputProblem(
            file: "a.csv", line: 2, column: 3, message: "expected this, found that", remedy: remedy)
        #expect(problem.commandLineWords == "a.csv:2:3: expected this, found that; \(words)")
        #expect(!problem.description.contains("--"), "\(problem.description)")
        #expect(problem.description.hasPrefix("a.csv:2:3: expected this, found that; "))
        let report = ErrorReport(ThumbLabError.invalidInput(problems: [problem], total: 1))
        #expect(report.lines == ["a.csv:2:3: expected this, found that; \(words)"] && report.status == 65)
    }

    @Test func aProblemWithoutRemedyReadsAsItsMessage() {
        let problem = InputProblem(file: "a.csv", line: 1, column: 1, message: "invalid JSON: unexpected end")
        #expect(problem.commandLineWords == "a.csv:1:1: invalid JSON: unexpected end")
        #expect(problem.description == problem.commandLineWords)
    }
}
