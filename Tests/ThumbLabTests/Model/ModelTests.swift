import Testing

@testable import ThumbLab

@Suite struct ModelTests {
    @Test func deviceConvertsPixelsToMillimetres() {
        let device = Device(name: "phone", widthPx: 320, heightPx: 480, ppi: 163)
        #expect(abs(device.millimetres(163) - 25.4) < 1e-12)
    }

    @Test func problemsPrintAsFileLineColumn() {
        let problem = InputProblem(file: "log.csv", line: 3, column: 7, message: "expected a number")
        #expect(problem.description == "log.csv:3:7: expected a number")
        #expect(ThumbLabError.invalidInput(problems: [problem], total: 1).description == problem.description)
    }
}
