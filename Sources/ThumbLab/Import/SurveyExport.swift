/// What survey tools add to a sheet of answers, recognised so that their exports import
/// as they come.
///
/// - Qualtrics writes two rows under the header: each column's question text (`Please rate
///   - I found the system unnecessarily complex`), then `{"ImportId": ...}` objects. Both
///   are skipped; the question texts name the items where the headers are ids (`Q1_2`).
///   Its metadata columns (start and end dates, status, IP address, progress, duration,
///   recipient, location, channel, language) are left out; `ResponseId` is the participant
///   when no other column is.
/// - Google Forms writes a `Timestamp` column first, left out of a questionnaire sheet;
///   its grid questions' headers (`Question [statement]`) are read like Qualtrics'.
enum SurveyExport {
    /// Qualtrics' metadata columns, normalised (``ImportField/normalize(_:)``).
    static let qualtricsMetadata: Set<String> = [
        "startdate", "enddate", "status", "ipaddress", "progress", "durationinseconds", "duration(inseconds)",
        "finished", "recordeddate", "recipientlastname", "recipientfirstname", "recipientemail",
        "externalreference", "externaldatareference", "locationlatitude", "locationlongitude",
        "distributionchannel", "userlanguage",
    ]

    /// The question texts of a Qualtrics export: the second record of the file at `path`,
    /// when its third holds `{"ImportId": ...}` objects; nil for any other file. The file is
    /// opened again, so that the reader of its rows keeps its place.
    static func qualtricsQuestions(path: String, delimiter: UInt8) throws -> [String]? {
        let reader = try CSVReader(file: try FileBytes(path: path), delimiter: delimiter)
        var records: [[String]] = []
        while records.count < 3, try reader.next() {
            guard reader.recordProblem == nil else { return nil }
            records.append((0..<reader.fields.count).map { reader.fields.string($0) })
        }
        guard records.count == 3, records[1].count == records[0].count, records[2].count == records[0].count
        else { return nil }
        let ids = records[2].filter { $0.trimmingSpaces.hasPrefix("{\"ImportId\"") }
        return ids.count * 2 > records[2].count ? records[1] : nil
    }
}
