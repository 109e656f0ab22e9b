import Foundation
import Testing

@testable import ThumbLab

/// What the Fitts analysis says about logs it cannot measure, and how it reads GoFitts files.
@Suite struct FittsInputTests {
    private func study(_ csv: String, folder: TemporaryFolder) throws -> Study {
        let path = folder.url.appendingPathComponent("log-\(UUID().uuidString).csv")
        try csv.write(to: path, atomically: true, encoding: .utf8)
        let database = try StudyDatabase(path: folder.url.appendingPathComponent("\(UUID().uuidString).sqlite").path)
        _ = try Importer(database: database).importFile(at: path.path, options: ImportOptions())
        return Study(database: database)
    }

    private func usageMessage(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ThumbLabError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test func trialsWithoutWidthAreNamed() throws {
        let folder = TemporaryFolder()
        let study = try study(
            "participant,start_x,start_y,target_x,target_y,touch_x,touch_y,time_ms\nP1,0,0,100,0,101,2,500\nP1,100,0,0,0,-1,1,480\n",
            folder: folder)
        let message = try #require(usageMessage { _ = try study.fitts() })
        #expect(message.contains("none of the selected trials has an amplitude and a width"))
        #expect(message.contains("target_w"))
    }

    @Test func trialsWithoutSelectionCoordinatesAreNamed() throws {
        let folder = TemporaryFolder()
        let study = try study(
            "participant,start_x,start_y,target_x,target_y,target_w,time_ms\nP1,0,0,100,0,20,500\nP1,100,0,0,0,20,480\n",
            folder: folder)
        let message = try #require(usageMessage { _ = try study.fitts() })
        #expect(message.contains("has selection coordinates and a time"))
        #expect(message.contains("touch_x, touch_y"))
    }

    @Test func aSequenceOfOneTrialIsNamed() throws {
        let folder = TemporaryFolder()
        let study = try study(
            """
            participant,amplitude,start_x,start_y,target_x,target_y,target_w,touch_x,touch_y,time_ms
            P1,100,0,0,100,0,20,101,2,500
            P1,100,101,2,0,0,20,-3,1,480
            P1,200,0,0,200,0,20,199,0,610

            """, folder: folder)
        let message = try #require(usageMessage { _ = try study.fitts() })
        #expect(message.contains("participant P1, condition 200"))
        #expect(message.contains("at least two trials"))
        let kept = try study.fitts(selection: Selection(exclude: [LevelFilter(factor: "amplitude", levels: ["200"])]))
        #expect(kept.sequences.count == 1)
        #expect(kept.sequences[0].measures.amplitude == 100)
    }

    @Test func identicalSelectionsHaveNoEffectiveWidth() {
        let trial = FittsTrial(
            amplitude: 100, width: 20, effectiveAmplitude: 100, deviation: 0, timeMS: 500, missed: false)
        #expect(throws: ThumbLabError.self) { try FittsSequenceMeasures.of([trial, trial]) }
        #expect(throws: ThumbLabError.self) { try FittsSequenceMeasures.of([trial]) }
    }

    /// The measures gathered one trial at a time equal those of two passes over the
    /// trials (mean first, then squared differences), also for deviations far from zero,
    /// where sums of squares lose their digits.
    @Test(arguments: [0.0, 1e6]) func aSequenceTalliedTrialByTrialMeasuresAsTwoPasses(offset: Double) throws {
        for count in [2, 3, 17, 1000] {
            // Irregular values that every run gives alike.
            let trials = (0..<count).map { index in
                let t = Double(index)
                return FittsTrial(
                    amplitude: 256, width: 32, effectiveAmplitude: 250 + 20 * sin(t * 2.3),
                    deviation: offset + 12 * sin(t * 1.7 + 0.4) * cos(t * 0.31), timeMS: 600 + 300 * cos(t * 0.9),
                    missed: index % 7 == 3)
            }
            let measures = try FittsSequenceMeasures.of(trials)
            let n = Double(count)
            let mean = trials.map(\.deviation).reduce(0, +) / n
            let sdx = (trials.map { ($0.deviation - mean) * ($0.deviation - mean) }.reduce(0, +) / (n - 1)).squareRoot()
            let ae = trials.map(\.effectiveAmplitude).reduce(0, +) / n
            let time = trials.map(\.timeMS).reduce(0, +) / n
            let ide = log2(ae / (4.133 * sdx) + 1)
            #expect(measures.trials == count)
            #expect(abs(measures.effectiveWidth / (4.133 * sdx) - 1) < 1e-9, "n = \(count)")
            #expect(measures.effectiveAmplitude == ae)
            #expect(measures.timeMS == time)
            #expect(abs(measures.throughput / (ide / (time / 1000)) - 1) < 1e-9)
            #expect(measures.errorPercent == 100 * Double(trials.filter(\.missed).count) / n)
            #expect(measures.indexOfDifficulty == log2(256.0 / 32 + 1))
        }
    }

    @Test func measuredTrialProjectsOnTheTaskAxis() throws {
        let trial = try #require(
            FittsTrial.measured(
                start: (0, 0), target: (30, 40), selection: (33, 44), amplitude: 50, width: 10, timeMS: 400,
                missed: false))
        #expect(close(trial.deviation, 5))
        #expect(close(trial.effectiveAmplitude, 55))
        #expect(
            FittsTrial.measured(
                start: (1, 1), target: (1, 1), selection: (2, 2), amplitude: 1, width: 1, timeMS: 1, missed: false)
                == nil)
    }

    @Test func sd1IsReadAsCSVWithQuotedFieldsAndCRLF() throws {
        let header = "Participant,Condition,Trial,A,W,Ae,dx,MT(ms),Errors\r\n"
        let rows = "P1,\"Shift, left\",1,400,20,401,1,500,0\r\nP1,\"Shift, left\",2,400,20,399,-1,520,1\r\n"
        let log = try GoFittsLog.read(header + rows, file: "q.sd1")
        #expect(log.factors == ["Condition"])
        #expect(log.sequences.map(\.levels) == [["Shift, left"]])
        #expect(log.sequences.map(\.trials.count) == [2])
        // A quoted line break keeps the lines of the records after it right.
        let broken = header + "P1,\"Shift,\nleft\",1,400,20,401,1,500,0\r\nP1,x,2,400,20,401,1,abc,0\r\n"
        do {
            _ = try GoFittsLog.read(broken, file: "q.sd1")
            Issue.record("a time that is not a number was accepted")
        } catch ThumbLabError.invalidInput(let problems, _) {
            #expect(problems.map(\.line) == [4])
            #expect(problems.map(\.column) == [8])
        }
    }

    @Test func sd1ProblemsAreLocated() {
        #expect(throws: ThumbLabError.self) { try GoFittsLog.read("App,Participant,Trial,A,W\n", file: "x.sd1") }
        let header = "Participant,Trial,A,W,Ae,dx,MT(ms),Errors\n"
        do {
            _ = try GoFittsLog.read(header + "P1,0,400,20,401,1,abc,0\n", file: "x.sd1")
            Issue.record("a time that is not a number was accepted")
        } catch ThumbLabError.invalidInput(let problems, _) {
            #expect(problems.first?.line == 2)
            #expect(problems.first?.column == 7)
            #expect(problems.first?.message.contains("MT(ms)") == true)
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(GoFittsLog.isPerTrialHeader(header.dropLast().split(separator: ",").map(String.init)))
    }
}
