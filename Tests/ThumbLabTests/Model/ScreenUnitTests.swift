import Testing

@testable import ThumbLab

/// One rule per unit, whoever converts: an import's `--units`, a layout's frames.
@Suite struct ScreenUnitTests {
    private let scaled = Device(name: "scaled", widthPx: 1080, heightPx: 2340, ppi: 420, scale: 2.625)
    private let unscaled = Device(name: "unscaled", widthPx: 1080, heightPx: 2340, ppi: 400)

    @Test func pixelsPerUnitFollowTheDeviceScaleThenItsDensity() {
        #expect(ScreenUnit.px.pixelsPerUnit(on: unscaled) == 1)
        #expect(ScreenUnit.mm.pixelsPerUnit(on: unscaled) == 400 / 25.4)
        #expect(ScreenUnit.pt.pixelsPerUnit(on: scaled) == 2.625)
        #expect(ScreenUnit.pt.pixelsPerUnit(on: unscaled) == nil)
        #expect(ScreenUnit.dp.pixelsPerUnit(on: scaled) == 2.625)
        #expect(abs(ScreenUnit.dp.pixelsPerUnit(on: unscaled)! - 2.5) < 1e-12)
    }

    @Test func aLayoutInDensityIndependentPixelsConvertsByTheSameRule() throws {
        let element = LayoutElement(name: "bar", x: 0, y: 0, width: 160, height: 48, unit: .dp)
        let layout = ScreenLayout(name: "screen", elements: [element])
        let onScaled = try layout.frames(on: scaled)
        let onUnscaled = try layout.frames(on: unscaled)
        #expect(onScaled.map(\.x1) == [420])
        #expect(onScaled.map(\.y1) == [126])
        #expect(abs(onUnscaled[0].x1 - 400) < 1e-9 && abs(onUnscaled[0].y1 - 120) < 1e-9)
    }

    @Test func theWordsStayTheOnesTheCommandLineAndJSONUse() {
        #expect(ScreenUnit.allCases.map(\.rawValue) == ["px", "pt", "dp", "mm"])
        #expect(ScreenUnit.millimetres.rawValue == "mm" && ScreenUnit.pixels.rawValue == "px")
    }
}
