/// How a report's Methods say the text-entry measures were computed.
enum TextEntryMethods {
    /// The measures' definitions and sources; the keystroke measures only where the phrases
    /// have input streams.
    static func sentence(keystrokes: Bool) -> String {
        var text =
            "Entry speed was measured in words per minute, WPM = (|T| − 1) / t × 60 / 5 with T the transcribed "
            + "phrase and t its time in seconds (MacKenzie 2002), and accuracy by the MSD error rate, "
            + "MSD(P, T) / max(|P|, |T|) with P the presented phrase and MSD the minimum string distance "
            + "(Soukoreff & MacKenzie 2001)."
        if keystrokes {
            text +=
                " From each input stream IS, the keystrokes were classed as correct (C = max(|P|, |T|) − MSD), "
                + "incorrect and not fixed (INF = MSD), fixes (F, backspaces and deletes) and incorrect but fixed "
                + "(IF = |IS| − |T| − F); the total, corrected and uncorrected error rates are (INF + IF), IF and "
                + "INF over C + INF + IF, and KSPC = |IS| / |T| (Soukoreff & MacKenzie 2003)."
        } else {
            text += " The logs hold no input streams, so KSPC and the corrected error rates are not reported."
        }
        return text
    }
}
