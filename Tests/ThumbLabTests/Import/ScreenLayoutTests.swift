import Foundation
import Testing

@testable import ThumbLab

/// Reading LAYOUT.json: the formats of a frame, units, and every problem named with its
/// line and column.
@Suite struct ScreenLayoutTests {
    private func problems(_ text: String) -> [InputProblem] {
        do {
            _ = try ScreenLayout(json: Array(text.utf8), file: "layout.json")
        } catch ThumbLabError.invalidInput(let problems, _) {
            return problems
        } catch {
            return [InputProblem(file: "", line: 0, column: 0, message: "unexpected \(error)")]
        }
        return []
    }

    @Test func framesAsArraysOrObjectsInEveryUnit() throws {
        let text = """
            {"name": "test", "units": "pt", "scale": 2,
             "elements": [
              {"name": "a", "frame": [10, 20, 30, 40]},
              {"name": "b", "frame": {"x": 1, "y": 2, "width": 3, "height": 4}, "units": "mm", "role": "button"},
              {"name": "c", "frame": [0, 0, 160, 160], "units": "dp", "tappable": false},
              {"name": "d", "frame": [5, 5, 5, 5], "units": "px"}
             ]}
            """
        let layout = try ScreenLayout(json: Array(text.utf8), file: "layout.json")
        #expect(layout.name == "test")
        #expect(layout.elements.map(\.unit) == [.pt, .mm, .dp, .px])
        #expect(layout.elements[1].role == "button")
        #expect(layout.elements[2].isTappable == false)
        #expect(layout.elements[1].line == 4 && layout.elements[1].column == 3)
        let device = Device(name: "phone", widthPx: 1000, heightPx: 1000, ppi: 320)
        let frames = try layout.frames(on: device)
        #expect(frames[0] == CellFrame(x0: 20, y0: 40, x1: 80, y1: 120))
        #expect(close(frames[1].x1, 4 * 320 / 25.4))
        #expect(close(frames[2].x1, 320))
        #expect(frames[3] == CellFrame(x0: 5, y0: 5, x1: 10, y1: 10))
    }

    @Test(arguments: [
        ("{\"units\": \"px\", \"elements\": [{\"name\": \"Back\"}]}", 1, 30, "element 'Back' has no \"frame\""),
        (
            "{\"units\": \"inch\", \"elements\": [{\"name\": \"A\", \"frame\": [0,0,1,1]}]}", 1, 11,
            "unknown units 'inch'"
        ),
        (
            "{\"elements\": [\n  {\"name\": \"A\", \"frame\": [0,0,1,1], \"units\": \"cm\"}]}", 2, 46,
            "element 'A' has unknown units 'cm'"
        ),
        ("{\"elements\": [\n  {\"name\": \"A\", \"frame\": [0,0,1,1]}]}", 2, 3, "element 'A' has no units"),
        ("{\"units\": \"px\", \"elements\": [{\"name\": \"A\", \"frame\": [0,0,1]}]}", 1, 53, "malformed frame"),
        ("{\"units\": \"px\", \"elements\": [{\"name\": \"A\", \"frame\": [0,0,0,1]}]}", 1, 53, "width or height of 0"),
        ("{\"units\": \"px\", \"elements\": []}", 1, 29, "non-empty array"),
        ("{\"units\": \"px\", \"elements\": [{\"frame\": [0,0,1,1]}]}", 1, 30, "element 1 has no \"name\""),
        ("{\"units\": \"px\", \"elements\": [{\"name\": \"A\", \"frame\": [0,0,1,1],}]}", 1, 63, "invalid JSON"),
        (
            "{\"units\": \"px\", \"elements\": [{\"name\": \"A\", \"frame\": [0,0,1,1]}]} x", 1, 66,
            "the end of the file"
        ),
        ("[1, 2]", 1, 1, "expected a layout object"),
        (
            "{\"units\": \"px\", \"elements\": [{\"name\": \"A\", \"frame\": [0,0,1,1]}, {\"name\": \"A\", \"frame\": [0,0,1,1]}]}",
            1, 65, "named twice"
        ),
        (
            "{\"units\": \"px\", \"scale\": -2, \"elements\": [{\"name\": \"A\", \"frame\": [0,0,1,1]}]}", 1, 26,
            "\"scale\""
        ),
        ("", 1, 1, "invalid JSON"),
    ])
    func problemsNameTheirPlace(_ text: String, _ line: Int, _ column: Int, _ message: String) throws {
        let found = problems(text)
        let problem = try #require(found.first, "no problem found in \(text)")
        #expect(problem.file == "layout.json")
        #expect(problem.line == line && problem.column == column, "\(problem)")
        #expect(problem.message.contains(message), "\(problem.message)")
    }

    @Test func elementsOffTheScreenOrInPointsWithoutAScaleAreNamed() throws {
        let text = """
            {"units": "pt", "elements": [
              {"name": "Inside", "frame": [0, 0, 10, 10], "units": "px"},
              {"name": "Below", "frame": [0, 990, 10, 20], "units": "px"},
              {"name": "Point", "frame": [0, 0, 10, 10]}
            ]}
            """
        let layout = try ScreenLayout(json: Array(text.utf8), file: "layout.json")
        let device = Device(name: "phone", widthPx: 500, heightPx: 1000, ppi: 320)
        do {
            _ = try layout.frames(on: device)
            Issue.record("expected an error")
        } catch ThumbLabError.invalidInput(let problems, _) {
            #expect(problems.count == 2)
            #expect(problems[0].line == 3 && problems[0].message.contains("'Below'"))
            #expect(problems[0].message.contains("off the screen of phone"))
            #expect(problems[1].line == 4 && problems[1].message.contains("no \"scale\""))
        }
    }

    @Test func theBundledLayoutsFitTheirPhones() throws {
        for (file, device) in [
            ("layout-small.json", Device(name: "small", widthPx: 640, heightPx: 1136, ppi: 326)),
            ("layout-large.json", Device(name: "large", widthPx: 1080, heightPx: 2340, ppi: 401)),
        ] {
            let layout = try ScreenLayout(
                contentsOf: repositoryRoot.appendingPathComponent("Datasets/thumb-reach/\(file)").path)
            #expect(try layout.frames(on: device).count == layout.elements.count)
        }
    }
}
