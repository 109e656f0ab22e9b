extension Figure {
    /// Every text of the figure, its groups opened, in painting order.
    public var texts: [FigureText] {
        func collect(_ elements: [FigureElement]) -> [FigureText] {
            elements.flatMap { element -> [FigureText] in
                switch element {
                case .text(let text): [text]
                case .group(let group): collect(group.elements)
                case .shape: []
                }
            }
        }
        return collect(elements)
    }

    /// The size in points that `text` prints at when the whole figure is printed `points` wide.
    public func printedSize(of text: FigureText, printedWidth points: Double) -> Double {
        text.size * points / width
    }

    /// The texts that print smaller than ``FigureSize/minimumTextPoints`` when the figure is
    /// printed at `size`'s width.
    public func textsTooSmall(for size: FigureSize) -> [FigureText] {
        texts.filter { printedSize(of: $0, printedWidth: size.points) < FigureSize.minimumTextPoints - 1e-9 }
    }
}
