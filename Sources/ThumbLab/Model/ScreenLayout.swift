/// One named element of a screen layout: a button, a bar, a banner.
public struct LayoutElement: Sendable, Equatable {
    /// The element's name, unique in its layout; the audit's rows are named by it.
    public var name: String
    /// An optional kind, such as `button` or `bar`, carried into the audit.
    public var role: String?
    /// Left edge of the frame, in `unit`.
    public var x: Double
    /// Top edge of the frame, in `unit` (y down).
    public var y: Double
    /// Width of the frame, in `unit`.
    public var width: Double
    /// Height of the frame, in `unit`.
    public var height: Double
    /// The unit the frame is given in.
    public var unit: ScreenUnit
    /// Whether people tap it; only tappable elements are checked for size.
    public var isTappable: Bool
    /// Where the element's object starts in its file.
    public var line: Int
    /// The column where the element's object starts in its file (0 when not read from a file).
    public var column: Int

    /// Creates an element from its frame; `line` and `column` locate it in its file for messages.
    public init(
        name: String, role: String? = nil, x: Double, y: Double, width: Double, height: Double, unit: ScreenUnit,
        isTappable: Bool = true, line: Int = 0, column: Int = 0
    ) {
        self.name = name
        self.role = role
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.unit = unit
        self.isTappable = isTappable
        self.line = line
        self.column = column
    }
}

/// A screen layout to audit against measured reach: named elements with frames (origin at
/// the top-left corner, y down), read from a LAYOUT.json file.
public struct ScreenLayout: Sendable, Equatable {
    /// The layout's name, such as the screen it describes.
    public var name: String
    /// Device pixels per point, for frames in pt; frames in dp, mm and px convert through the
    /// device (``ScreenUnit``).
    public var scale: Double?
    /// The elements, in the file's order.
    public var elements: [LayoutElement]
    /// The file it was read from, as given (for messages).
    public var file: String

    /// Creates a layout of `elements`; `scale` converts frames given in pt.
    public init(name: String, scale: Double? = nil, elements: [LayoutElement], file: String = "") {
        self.name = name
        self.scale = scale
        self.elements = elements
        self.file = file
    }

    /// Each element's frame in the device's pixels.
    /// - Throws: ``ThumbLabError/invalidInput(problems:total:)`` naming every element that
    ///   lies partly off the device's screen, or in pt without a `scale`.
    public func frames(on device: Device) throws -> [CellFrame] {
        var problems: [InputProblem] = []
        var frames: [CellFrame] = []
        for element in elements {
            // Frames in pt take the layout's own scale; the other units convert through the device.
            guard let factor = element.unit == .pt ? scale : element.unit.pixelsPerUnit(on: device) else {
                problems.append(
                    problem(
                        element,
                        "element '\(element.name)' is in pt but the layout has no \"scale\" (device px per pt, such as 2 or 3); add it at the top level"
                    ))
                continue
            }
            let frame = CellFrame(
                x0: element.x * factor, y0: element.y * factor, x1: (element.x + element.width) * factor,
                y1: (element.y + element.height) * factor)
            // Half a pixel of slack for frames rounded from other units.
            if frame.x0 < -0.5 || frame.y0 < -0.5 || frame.x1 > device.widthPx + 0.5 || frame.y1 > device.heightPx + 0.5
            {
                problems.append(
                    problem(
                        element,
                        "element '\(element.name)' (x \(frame.x0.sentenceText) to \(frame.x1.sentenceText), y \(frame.y0.sentenceText) to \(frame.y1.sentenceText) px) lies off the screen of \(device.name) (\(device.widthPx.sentenceText) x \(device.heightPx.sentenceText) px); check its frame, its units and the layout's scale"
                    ))
                continue
            }
            frames.append(frame)
        }
        if !problems.isEmpty { throw ThumbLabError.invalidInput(problems: problems, total: problems.count) }
        return frames
    }

    private func problem(_ element: LayoutElement, _ message: String) -> InputProblem {
        InputProblem(file: file, line: element.line, column: element.column, message: message)
    }
}
