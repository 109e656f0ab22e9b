import Foundation
import Testing

@testable import ThumbLab

/// Trials derived from touch events by a study's own rules (`Fixtures/import/derivation`):
/// the log of a task whose next target appears 200 ms after a hit, whose misses lie
/// outside a circle of the target's width, and whose two sets run without a start tap
/// between them, against the trial table its authors' rules give, computed apart.
@Suite struct TouchDerivationRulesTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/ThumbLabTests/Fixtures/import/derivation")

    struct Expected {
        var participant: String
        var block: Int
        var trial: Int
        var time: Double?
        var hit: Bool
    }

    static func expected() throws -> [Expected] {
        let text = try String(contentsOf: folder.appendingPathComponent("expected_trials.csv"), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Expected(
                participant: fields[0], block: Int(fields[1])!, trial: Int(fields[2])!, time: Double(fields[3]),
                hit: fields[4] == "1")
        }
    }

    static func derive(_ derivation: TouchDerivation, timing: TrialTiming = .previousHit) throws -> MemoryImport {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("events.csv")))
        var options = ImportOptions(trialTime: timing)
        options.derivation = derivation
        return try importInMemory(bytes, named: "events.csv", options: options)
    }

    static let authorsRules = TouchDerivation(feedbackMS: 200, sequence: .participant, hitArea: .circle)

    @Test func theAuthorsRulesGiveTheirTableRowForRow() throws {
        let result = try Self.derive(Self.authorsRules)
        let expected = try Self.expected()
        // A participant's last trial closes at the end of the file: file order is line order.
        let trials = result.sink.trials.sorted { $0.values.line < $1.values.line }
        try #require(trials.count == expected.count)
        for (trial, row) in zip(trials, expected) {
            #expect(trial.participant == row.participant)
            #expect(trial.block == row.block)
            #expect(trial.trial == row.trial)
            #expect(trial.hit == row.hit, "\(row)")
            if let time = row.time {
                #expect(abs((trial.timeMS ?? .nan) - time) < 1e-9, "\(row)")
            } else {
                #expect(trial.timeMS == nil, "\(row)")
            }
        }
        #expect(result.outcome.selectedBeforeTarget == expected.filter { $0.time == nil }.count)
        #expect(result.outcome.trialsWithoutTime == 0)
    }

    @Test func theDefaultRulesGiveAnotherTable() throws {
        let expected = try Self.expected()
        // The rectangle counts the misses in its corners as hits.
        let rect = try Self.derive(TouchDerivation(feedbackMS: 200, sequence: .participant))
        #expect(rect.sink.trials.filter { $0.hit == false }.count < expected.filter { !$0.hit }.count)
        // Within a block, the second set's first trial has no previous selection.
        let blocks = try Self.derive(TouchDerivation(feedbackMS: 200, hitArea: .circle))
        let firstOfSecondSet = blocks.sink.trials.filter { $0.block == 2 && $0.trial == 1 }
        #expect(!firstOfSecondSet.isEmpty && firstOfSecondSet.allSatisfy { $0.timeMS == nil })
        #expect(blocks.outcome.trialsWithoutTime >= 3)
        // From the previous selection, hit or miss, a retried trial is timed from its miss.
        let previous = try Self.derive(Self.authorsRules, timing: .previous)
        let authors = try Self.derive(Self.authorsRules)
        let retried = zip(previous.sink.trials, authors.sink.trials).filter { pair in
            pair.1.hit == true && pair.0.timeMS != nil && pair.1.timeMS != nil && pair.0.timeMS! < pair.1.timeMS!
        }
        #expect(!retried.isEmpty)
    }

    @Test func aLargerHitRegionMakesFewerMisses() throws {
        let scaled = try Self.derive(
            TouchDerivation(feedbackMS: 200, sequence: .participant, hitArea: .circle, hitScale: 1.5))
        #expect(scaled.sink.trials.allSatisfy { $0.hit == true || $0.timeMS == nil })
    }

    @Test(arguments: [
        (
            TouchDerivation(feedbackMS: -1),
            ImportSetupProblem.invalidDerivation(setting: "feedback interval", value: -1)
        ),
        (TouchDerivation(hitScale: 0), .invalidDerivation(setting: "hit scale", value: 0)),
        (TouchDerivation(hitScale: .infinity), .invalidDerivation(setting: "hit scale", value: .infinity)),
    ])
    func settingsOutOfRangeAreRefused(derivation: TouchDerivation, problem: ImportSetupProblem) {
        #expect(throws: ThumbLabError.importSetup(problem)) { _ = try Self.derive(derivation) }
    }

    @Test func aFeedbackIntervalNeedsAPreviousSelection() {
        #expect(throws: ThumbLabError.importSetup(.feedbackOutsidePreviousModel(model: "contact"))) {
            _ = try Self.derive(TouchDerivation(feedbackMS: 200), timing: .contact)
        }
    }
}
