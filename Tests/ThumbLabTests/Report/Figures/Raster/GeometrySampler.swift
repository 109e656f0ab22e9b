import Foundation

@testable import ThumbLab

/// A figure with every geometry, fill, stroke, dash, opacity and text form the figure
/// model has, and pixels whose colour follows from it.
enum GeometrySampler {
    static let blue = Colour(red255: 0, green255: 114, blue255: 178)
    static let orange = Colour(red255: 230, green255: 159, blue255: 0)
    static let green = Colour(red255: 0, green255: 158, blue255: 115)

    static func figure() -> Figure {
        let star = (0..<5).map { step -> FigurePoint in
            let angle = -Double.pi / 2 + Double(step) * 4 * Double.pi / 5
            return FigurePoint(x: 250 + 40 * cos(angle), y: 70 + 40 * sin(angle))
        }
        let elements: [FigureElement] = [
            .shape(
                FigureShape(
                    .rect(FigureRect(x: 20, y: 20, width: 100, height: 60), cornerRadius: 12),
                    paint: Paint(fill: .colour(blue), stroke: .black, strokeWidth: 2))),
            .shape(FigureShape(.polygon(star), paint: .filled(green))),
            .group(
                FigureGroup(
                    label: "overlay",
                    elements: [
                        .shape(
                            FigureShape(
                                .rect(FigureRect(x: 320, y: 20, width: 60, height: 60), cornerRadius: 0),
                                paint: Paint(fill: .colour(blue), opacity: 0.5))),
                        .shape(
                            FigureShape(
                                .circle(centre: FigurePoint(x: 450, y: 50), radius: 30),
                                paint: Paint(fill: .colour(orange), stroke: .black, strokeWidth: 3))),
                    ])),
            .shape(
                FigureShape(
                    .rect(FigureRect(x: 20, y: 120, width: 60, height: 60), cornerRadius: 0), paint: Paint(fill: .hatch)
                )),
            .shape(
                FigureShape(
                    .line(from: FigurePoint(x: 100, y: 130.5), to: FigurePoint(x: 300, y: 130.5)),
                    paint: .stroked(.black, width: 1, dash: [6, 3]))),
            .shape(
                FigureShape(
                    .polyline([FigurePoint(x: 100, y: 170), FigurePoint(x: 150, y: 150), FigurePoint(x: 200, y: 175)]),
                    paint: .stroked(orange, width: 3))),
            .shape(
                FigureShape(
                    .segments([
                        (FigurePoint(x: 320, y: 120), FigurePoint(x: 380, y: 120)),
                        (FigurePoint(x: 320, y: 180), FigurePoint(x: 380, y: 180)),
                    ]), paint: .stroked(.black, width: 2))),
            .shape(
                FigureShape(
                    .arrow(from: FigurePoint(x: 420, y: 180), to: FigurePoint(x: 480, y: 120), headLength: 14),
                    paint: .stroked(green, width: 2))),
            .text(FigureText("Fitts ± 95% CI", at: FigurePoint(x: 20, y: 230), size: 14)),
            .text(FigureText("Bold title", at: FigurePoint(x: 250, y: 230), anchor: .middle, size: 16, weight: .bold)),
            .text(FigureText("η² −0.5 µs", at: FigurePoint(x: 480, y: 230), anchor: .end, size: 12, colour: blue)),
            .text(FigureText("Time (ms)", at: FigurePoint(x: 520, y: 150), anchor: .middle, size: 12, rotation: -90)),
        ]
        return Figure(
            width: 540, height: 250, title: "Every geometry", description: "A test of the rasteriser",
            elements: elements)
    }

    /// A pixel, the colour it must have and why.
    struct Probe {
        var x: Int
        var y: Int
        var colour: [Int]
        var what: String
    }

    static let probes: [Probe] = [
        Probe(x: 70, y: 50, colour: rgb(blue), what: "inside the rounded rect"),
        Probe(x: 21, y: 21, colour: [255, 255, 255], what: "outside a rounded corner"),
        Probe(x: 70, y: 20, colour: [0, 0, 0], what: "on the rect's 2-unit stroke"),
        Probe(x: 250, y: 75, colour: rgb(green), what: "centre of the star, filled under the non-zero rule"),
        Probe(x: 350, y: 50, colour: [128, 185, 217], what: "blue at opacity 0.5 over white"),
        Probe(x: 450, y: 50, colour: rgb(orange), what: "inside the circle"),
        Probe(x: 450, y: 20, colour: [0, 0, 0], what: "on the circle's stroke"),
        Probe(x: 102, y: 130, colour: [0, 0, 0], what: "on the first dash"),
        Probe(x: 107, y: 130, colour: [255, 255, 255], what: "in the first gap of the dashes"),
        Probe(x: 350, y: 120, colour: [0, 0, 0], what: "on a segment"),
        Probe(x: 350, y: 150, colour: [255, 255, 255], what: "between the segments"),
        Probe(x: 10, y: 240, colour: [255, 255, 255], what: "the background"),
    ]

    /// A square wholly inside the hatched rect, a whole number of hatch periods wide.
    static let hatchBox = (x: 26, y: 126, size: 48)
}
