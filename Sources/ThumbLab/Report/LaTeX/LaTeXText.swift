/// Text made safe for LaTeX (pdflatex with UTF-8 input, the default of every current TeX
/// distribution): the ten special characters escaped, and the Greek letters and
/// signs a statistics report writes (η², χ², ≥, ×, −) set as LaTeX writes them, so that
/// nothing outside the base distribution is needed.
enum LaTeXText {
    private static let replacements: [Character: String] = [
        "\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "$": "\\$", "&": "\\&", "#": "\\#",
        "^": "\\textasciicircum{}", "_": "\\_", "%": "\\%", "~": "\\textasciitilde{}",
        "<": "\\textless{}", ">": "\\textgreater{}", "|": "\\textbar{}",
        "η": "$\\eta$", "χ": "$\\chi$", "α": "$\\alpha$", "β": "$\\beta$", "ε": "$\\varepsilon$",
        "μ": "$\\mu$", "σ": "$\\sigma$", "ω": "$\\omega$", "θ": "$\\theta$", "ρ": "$\\rho$", "τ": "$\\tau$",
        "²": "\\textsuperscript{2}", "³": "\\textsuperscript{3}", "×": "$\\times$", "−": "$-$", "±": "$\\pm$",
        "≥": "$\\geq$", "≤": "$\\leq$", "≈": "$\\approx$", "≠": "$\\neq$", "→": "$\\rightarrow$",
        "·": "$\\cdot$", "…": "\\dots{}", "–": "--", "—": "---", "µ": "$\\mu$", "°": "\\textdegree{}",
        "\u{00A0}": "~", "\u{2009}": "\\,",
    ]

    /// `text` with every special character escaped; a newline becomes a space.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if let replacement = replacements[character] {
                out += replacement
            } else if character == "\n" || character == "\r\n" {
                out += " "
            } else if character.isASCII || character.unicodeScalars.allSatisfy({ $0.value <= 0xFF }) {
                out.append(character)
            } else {
                out += "?"
            }
        }
        return out
    }
}
