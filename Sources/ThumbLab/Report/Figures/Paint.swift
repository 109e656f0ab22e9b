import Foundation

/// An sRGB colour, components from 0 to 1 (out-of-range values are clamped when written).
public struct Colour: Sendable, Equatable, Hashable {
    /// Red component, 0 to 1.
    public var red: Double
    /// Green component, 0 to 1.
    public var green: Double
    /// Blue component, 0 to 1.
    public var blue: Double

    /// A colour from 0-1 components.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from 0-255 components.
    public init(red255: Double, green255: Double, blue255: Double) {
        self.init(red: red255 / 255, green: green255 / 255, blue: blue255 / 255)
    }

    /// A grey of the given lightness, 0 (black) to 1 (white).
    public init(grey: Double) {
        self.init(red: grey, green: grey, blue: grey)
    }

    /// Black.
    public static let black = Colour(grey: 0)
    /// White.
    public static let white = Colour(grey: 1)

    /// The components as 0-255 integers, rounded; NaN reads as 0.
    public var bytes: (red: Int, green: Int, blue: Int) {
        func byte(_ value: Double) -> Int {
            guard value.isFinite else { return value == .infinity ? 255 : 0 }
            return Int((min(max(value, 0), 1) * 255).rounded())
        }
        return (byte(red), byte(green), byte(blue))
    }

    /// `#rrggbb`, lower case.
    public var hex: String {
        let (r, g, b) = bytes
        return "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Relative luminance as WCAG 2 defines it: linearised sRGB weighted 0.2126, 0.7152,
    /// 0.0722 (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let c = min(max(c.isFinite ? c : 0, 0), 1)
            return c <= 0.04045 ? c / 12.92 : Foundation.pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// Black or white, whichever contrasts more with this colour as a background (the
    /// WCAG contrast ratio; the two tie at a luminance of about 0.179).
    public var contrastingText: Colour {
        let luminance = relativeLuminance
        return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? .black : .white
    }
}

/// How a shape is filled.
public enum Fill: Sendable, Equatable {
    /// No fill.
    case none
    /// A solid fill.
    case colour(Colour)
    /// Grey diagonal hatching on a light grey ground: the mark of a cell without enough data.
    case hatch
}

/// How a shape is filled and stroked.
public struct Paint: Sendable, Equatable {
    /// How the inside is filled.
    public var fill: Fill
    /// The outline colour; `nil` for none.
    public var stroke: Colour?
    /// Outline width, in figure units.
    public var strokeWidth: Double
    /// Dash and gap lengths; empty for a solid line.
    public var dash: [Double]
    /// Opacity of the whole shape, 0 to 1.
    public var opacity: Double

    /// Creates paint; no fill and no stroke by default.
    public init(
        fill: Fill = .none, stroke: Colour? = nil, strokeWidth: Double = 1, dash: [Double] = [], opacity: Double = 1
    ) {
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.dash = dash
        self.opacity = opacity
    }

    /// A fill without an outline.
    public static func filled(_ colour: Colour) -> Paint { Paint(fill: .colour(colour)) }

    /// An outline without a fill.
    public static func stroked(_ colour: Colour, width: Double = 1, dash: [Double] = []) -> Paint {
        Paint(stroke: colour, strokeWidth: width, dash: dash)
    }
}
