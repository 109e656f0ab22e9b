/// Key-press offsets as tables, JSON and a figure.
public enum KeyOffsetTables {
    /// One row per condition: the condition's factors, participants, taps, and the mean and
    /// SD of the offsets over all its keys; numbers rounded to `decimals`.
    public static func conditions(_ report: KeyOffsetReport, decimals: Int? = 2) -> ResultTable {
        let rows = report.maps.map { map -> [JSONValue] in
            levels(map) + [.int(map.participants)] + figures(map.all, decimals)
        }
        return ResultTable(
            columns: report.factors + ["participants", "taps", "mean_dx", "mean_dy", "sd_dx", "sd_dy"], rows: rows)
    }

    /// One row per condition and key: the key, its centre, taps, and the mean and SD of
    /// the offsets.
    public static func keys(_ report: KeyOffsetReport, decimals: Int? = 2) -> ResultTable {
        let rows = report.maps.flatMap { map in
            map.keys.map { key -> [JSONValue] in
                levels(map) + [
                    .string(key.key), TitledTables.number(key.centreX, decimals),
                    TitledTables.number(key.centreY, decimals),
                ] + figures(key, decimals)
            }
        }
        return ResultTable(
            columns: report.factors + ["key", "key_x", "key_y", "taps", "mean_dx", "mean_dy", "sd_dx", "sd_dy"],
            rows: rows)
    }

    private static func figures(_ offset: KeyOffset, _ decimals: Int?) -> [JSONValue] {
        [.int(offset.taps)]
            + [offset.meanDX, offset.meanDY, offset.sdDX, offset.sdDY].map { TitledTables.number($0, decimals) }
    }

    private static func levels(_ map: KeyOffsetMap) -> [JSONValue] {
        map.levels.map { $0.map(JSONValue.string) ?? .string(FactorLevels.missingLabel) }
    }

    /// `{selection, factors, methods, sentences, taps_without_centre, conditions: [...],
    /// keys: [...]}`, numbers unrounded.
    public static func json(_ report: KeyOffsetReport) -> JSONValue {
        .object([
            ("selection", report.selection.json), ("factors", .array(report.factors.map(JSONValue.string))),
            ("methods", .string(report.methods)), ("sentences", .array(report.sentences.map(JSONValue.string))),
            ("taps_without_centre", .int(report.tapsWithoutCentre)),
            ("conditions", conditions(report, decimals: nil).json()), ("keys", keys(report, decimals: nil).json()),
        ])
    }

    /// The two tables, then the results, methods and selection.
    public static func tables(_ report: KeyOffsetReport, decimals: Int? = 2) -> TitledTables {
        TitledTables(
            tables: [
                ("Key-press offsets by condition", conditions(report, decimals: decimals)),
                ("Key-press offsets by key", keys(report, decimals: decimals)),
            ],
            paragraphs: [
                ("Results", report.sentences), ("Methods", [report.methods]),
                ("Selection", [report.selection.sentence]),
            ])
    }

    /// One panel per condition, drawn as the reach heatmaps are: each key a cell at its
    /// place on the keyboard, coloured by the length of its mean offset and labelled with
    /// its name, and the mean offset drawn as an arrow from the key's centre, to scale
    /// unless the longest would leave its key.
    public static func figure(_ report: KeyOffsetReport) -> HeatmapFigure {
        let everyKey = report.maps.flatMap(\.keys)
        let (width, height) = keySize(everyKey)
        let minX = (everyKey.map(\.centreX).min() ?? 0) - width / 2
        let minY = (everyKey.map(\.centreY).min() ?? 0) - height / 2
        let maxX = (everyKey.map(\.centreX).max() ?? 0) + width / 2
        let maxY = (everyKey.map(\.centreY).max() ?? 0) + height / 2
        let longest = everyKey.map { ($0.meanDX * $0.meanDX + $0.meanDY * $0.meanDY).squareRoot() }.max() ?? 0
        let arrowScale = longest > 0.45 * min(width, height) ? 0.45 * min(width, height) / longest : 1
        let panels = report.maps.map { map in
            HeatmapPanel(
                label: report.conditionName(map).isEmpty ? "keyboard" : report.conditionName(map),
                screenWidth: maxX - minX, screenHeight: maxY - minY,
                cells: map.keys.map { key in
                    PanelCell(
                        frame: FigureRect(
                            x: key.centreX - width / 2 - minX, y: key.centreY - height / 2 - minY, width: width,
                            height: height),
                        value: (key.meanDX * key.meanDX + key.meanDY * key.meanDY).squareRoot(),
                        label: key.key == "Space" ? "space" : key.key == "Backspace" ? "⌫" : key.key)
                },
                arrows: map.keys.map { key in
                    PanelArrow(
                        origin: FigurePoint(x: key.centreX - minX, y: key.centreY - minY), dx: key.meanDX,
                        dy: key.meanDY)
                })
        }
        let title =
            "Key-press offsets from key centres (\(SelectionSummary.grouped(report.maps.map(\.all.taps).reduce(0, +))) "
            + "taps, \(report.selection.participants) participants)"
        return HeatmapFigure(
            title: title, description: ([title + "."] + report.sentences).joined(separator: " "),
            measure: "Mean offset", unit: "px",
            scale: .sequential(panels.flatMap { $0.cells.compactMap(\.value) }, fromZero: true),
            panels: panels,
            arrowLabel: "mean tap offset", arrowScale: arrowScale)
    }

    /// A key's drawn size: the median distance to the nearest centre in the same row for
    /// the width, between rows for the height (a keyboard's pitch), or 1 for a lone key.
    static func keySize(_ keys: [KeyOffset]) -> (width: Double, height: Double) {
        func median(_ values: [Double]) -> Double? {
            let sorted = values.filter { $0 > 0 }.sorted()
            return sorted.isEmpty ? nil : sorted[sorted.count / 2]
        }
        var across: [Double] = []
        var down: [Double] = []
        for key in keys {
            let others = keys.filter { $0.key != key.key }
            let horizontal = others.filter { abs($0.centreY - key.centreY) < abs($0.centreX - key.centreX) }
            let vertical = others.filter { abs($0.centreY - key.centreY) >= abs($0.centreX - key.centreX) }
            if let nearest = horizontal.map({ abs($0.centreX - key.centreX) }).min() { across.append(nearest) }
            if let nearest = vertical.map({ abs($0.centreY - key.centreY) }).min() { down.append(nearest) }
        }
        let width = median(across) ?? median(down) ?? 1
        return (width, median(down) ?? width)
    }
}

extension KeyOffsetReport: AnalysisReport {
    /// ``KeyOffsetTables/tables(_:decimals:)``.
    public var tables: TitledTables { KeyOffsetTables.tables(self) }
    /// ``KeyOffsetTables/json(_:)``.
    public var json: JSONValue { KeyOffsetTables.json(self) }
}
