import Foundation

extension ScreenLayout {
    /// Reads a LAYOUT.json file:
    ///
    /// ```json
    /// {"name": "Tab bar screen", "units": "pt", "scale": 2,
    ///  "elements": [{"name": "Status bar", "frame": [0, 0, 320, 20], "tappable": false},
    ///               {"name": "Back", "role": "button", "frame": [0, 20, 44, 44]},
    ///               {"name": "Banner", "frame": {"x": 0, "y": 469, "width": 320, "height": 50}, "units": "pt"}]}
    /// ```
    ///
    /// `units` (px, pt, dp or mm) is given at the top level, per element, or both (the
    /// element's wins); `scale` is device px per pt, needed for pt. Elements are tappable
    /// unless they say `"tappable": false`.
    /// - Throws: ``ThumbLabError/fileNotFound(path:)``, or
    ///   ``ThumbLabError/invalidInput(problems:total:)`` naming the line and column of every
    ///   problem: invalid JSON, a missing or malformed frame, unknown units, a repeated name.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ThumbLabError.fileNotFound(path: path)
        }
        try self.init(json: Array(data), file: path)
    }

    /// Reads a layout from the bytes of a LAYOUT.json file named `file`.
    public init(json bytes: [UInt8], file: String) throws {
        let root = try JSONDocument(bytes: bytes, file: file).root
        var problems: [InputProblem] = []
        func report(_ node: JSONDocument.Node, _ message: String) {
            problems.append(InputProblem(file: file, line: node.line, column: node.column, message: message))
        }
        guard case .object = root.value else {
            report(
                root,
                "expected a layout object {\"name\": ..., \"units\": ..., \"elements\": [...]}, found \(root.kindName)")
            throw ThumbLabError.invalidInput(problems: problems, total: problems.count)
        }
        let defaultUnit = root["units"].flatMap { Self.unit($0, element: nil, report: report) }
        var scale: Double?
        if let node = root["scale"] {
            if let value = node.number, value > 0 {
                scale = value
            } else {
                report(node, "\"scale\" must be a positive number of device px per pt, such as 2 or 3")
            }
        }
        var elements: [LayoutElement] = []
        if let list = root["elements"], case .array(let items) = list.value, !items.isEmpty {
            var names = Set<String>()
            for (index, item) in items.enumerated() {
                guard case .object = item.value else {
                    report(
                        item, "element \(index + 1) must be an object with a name and a frame, found \(item.kindName)")
                    continue
                }
                guard let name = item["name"]?.string, !name.isEmpty else {
                    report(item, "element \(index + 1) has no \"name\"; give each element a name")
                    continue
                }
                if !names.insert(name).inserted { report(item, "element '\(name)' is named twice; names must differ") }
                let unit = item["units"].map { Self.unit($0, element: name, report: report) } ?? defaultUnit
                var tappable = true
                if let node = item["tappable"] {
                    if case .bool(let value) = node.value {
                        tappable = value
                    } else {
                        report(node, "element '\(name)' has \"tappable\": \(node.kindName); write true or false")
                    }
                }
                guard let frame = Self.frame(item, name: name, report: report) else { continue }
                guard let unit else {
                    if item["units"] == nil, root["units"] == nil {
                        report(
                            item,
                            "element '\(name)' has no units; add \"units\": \"pt\" (or px, dp, mm) to it or to the layout"
                        )
                    }
                    continue
                }
                elements.append(
                    LayoutElement(
                        name: name, role: item["role"]?.string, x: frame[0], y: frame[1], width: frame[2],
                        height: frame[3],
                        unit: unit, isTappable: tappable, line: item.line, column: item.column))
            }
        } else {
            report(
                root["elements"] ?? root,
                "the layout needs \"elements\": a non-empty array of {\"name\", \"frame\"} objects")
        }
        if !problems.isEmpty { throw ThumbLabError.invalidInput(problems: problems, total: problems.count) }
        self.init(
            name: root["name"]?.string ?? URL(fileURLWithPath: file).lastPathComponent, scale: scale,
            elements: elements, file: file)
    }

    private static func unit(
        _ node: JSONDocument.Node, element: String?, report: (JSONDocument.Node, String) -> Void
    ) -> ScreenUnit? {
        if let text = node.string, let unit = ScreenUnit(rawValue: text) { return unit }
        let owner = element.map { "element '\($0)'" } ?? "the layout"
        let found = node.string.map { "'\($0)'" } ?? node.kindName
        report(
            node,
            "\(owner) has unknown units \(found); use one of \(ScreenUnit.allCases.map(\.rawValue).joined(separator: ", "))"
        )
        return nil
    }

    /// `[x, y, width, height]` or `{"x", "y", "width", "height"}`, with positive sizes.
    private static func frame(
        _ item: JSONDocument.Node, name: String, report: (JSONDocument.Node, String) -> Void
    ) -> [Double]? {
        guard let node = item["frame"] else {
            report(item, "element '\(name)' has no \"frame\"; add \"frame\": [x, y, width, height]")
            return nil
        }
        var values: [Double?]
        switch node.value {
        case .array(let items) where items.count == 4: values = items.map(\.number)
        case .object: values = ["x", "y", "width", "height"].map { node[$0]?.number }
        default: values = [nil]
        }
        guard values.count == 4, values.allSatisfy({ $0 != nil }) else {
            report(
                node,
                "element '\(name)' has a malformed frame; write [x, y, width, height] or {\"x\", \"y\", \"width\", \"height\"} with numbers"
            )
            return nil
        }
        let numbers = values.map { $0! }
        guard numbers[2] > 0, numbers[3] > 0 else {
            report(node, "element '\(name)' has a width or height of 0 or less; sizes must be positive")
            return nil
        }
        return numbers
    }
}
