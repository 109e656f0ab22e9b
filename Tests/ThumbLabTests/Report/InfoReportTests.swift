import Foundation
import Testing

@testable import ThumbLab

@Suite struct InfoReportTests {
    let info = DatabaseInfo(
        path: "s.sqlite", schemaVersion: 2, studies: 2, participants: 12, trials: 12345, touches: 0,
        responses: 7, batches: 3, rejected: 1,
        studyFactors: [
            StudyFactors(
                study: "pilot",
                factors: [
                    FactorLevels(name: "technique", levels: ["Direct", "Shift"]),
                    FactorLevels(name: "a_rather_long_factor_name", levels: ["x"]),
                ]),
            StudyFactors(study: "survey", factors: []),
        ])

    var infoWithPhrases: DatabaseInfo {
        var counted = info
        counted.phrases = 120
        counted.keyTaps = 3456
        return counted
    }

    @Test func textAlignsCountsAndListsEveryStudy() {
        #expect(
            InfoReport.text(infoWithPhrases) == """
                Study database s.sqlite (schema version 2)

                  studies           2
                  participants     12
                  trials        12345
                  phrases         120
                  key taps       3456
                  touches           0
                  responses         7
                  batches           3
                  rejected          1

                Study 'pilot'
                  technique                  2 levels: Direct, Shift
                  a_rather_long_factor_name  1 level: x

                Study 'survey'
                  no factors

                """)
    }

    @Test func headingsGoThroughTheStyle() {
        let text = InfoReport.text(info) { "<\($0)>" }
        #expect(text.hasPrefix("<Study database s.sqlite> (schema version 2)\n"))
        #expect(text.contains("\n<Study 'survey'>\n"))
    }

    @Test func attributesAreListedUnderTheirStudy() {
        var described = info
        described.attributes = [
            "survey": [AttributeCount(name: "age", participants: 12), AttributeCount(name: "gender", participants: 11)]
        ]
        #expect(
            InfoReport.text(described).contains(
                """
                Study 'survey'
                  no factors
                  attributes    age 12, gender 11 (participants with a value)
                """))
        guard case .object(let members) = InfoReport.json(described),
            let attributes = members.first(where: { $0.0 == "attributes" })?.1
        else {
            Issue.record("expected an object with attributes")
            return
        }
        #expect(attributes == .object([("survey", .object([("age", .int(12)), ("gender", .int(11))]))]))
    }

    @Test func jsonHasIntegerCountsAndFactorsByStudy() {
        #expect(
            InfoReport.json(infoWithPhrases)
                == .object([
                    ("path", .string("s.sqlite")), ("schema_version", .int(2)),
                    ("studies", .int(2)), ("participants", .int(12)), ("trials", .int(12345)), ("phrases", .int(120)),
                    ("key_taps", .int(3456)), ("touches", .int(0)),
                    ("responses", .int(7)), ("batches", .int(3)), ("rejected", .int(1)),
                    (
                        "factors",
                        .object([
                            (
                                "pilot",
                                .object([
                                    ("technique", .array([.string("Direct"), .string("Shift")])),
                                    ("a_rather_long_factor_name", .array([.string("x")])),
                                ])
                            ),
                            ("survey", .object([])),
                        ])
                    ),
                    ("attributes", .object([])),
                    ("batch_units", .array([])),
                ]))
    }

    @Test(arguments: [
        (
            Device(name: "p", widthPx: 320, heightPx: 480, ppi: 163),
            "320 x 480 px, 6.4173 px/mm (163 ppi), 49.9 x 74.8 mm"
        ),
        (
            Device(name: "t", widthPx: 1536, heightPx: 2048, pxPerMM: 10.35),
            "1536 x 2048 px, 10.35 px/mm (262.89 ppi), 148.4 x 197.9 mm"
        ),
    ])
    func deviceSummaryRoundsForPeople(device: Device, summary: String) {
        #expect(DeviceTable.summary(device) == summary)
    }

    @Test(arguments: [
        (RowKind.trials, 1, "1 trial"), (.trials, 0, "0 trials"), (.touches, 1, "1 touch"),
        (.touches, 3, "3 touches"), (.responses, 1, "1 response"), (.responses, 2, "2 responses"),
        (.participants, 1, "1 participant"), (.participants, 4, "4 participants"),
    ])
    func countedNouns(kind: RowKind, count: Int, text: String) {
        #expect(kind.counted(count) == text)
    }
}
