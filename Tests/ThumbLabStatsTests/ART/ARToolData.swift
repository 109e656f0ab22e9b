import Foundation
import Testing

@testable import ThumbLabStats

/// The reference data sets of ARTool (`Fixtures/reference/artool`) in long form.
enum ARToolData {
    struct Set: CustomTestStringConvertible, Sendable {
        let file: String
        let subject: String
        let response: String
        let between: [String]
        let within: [String]
        var testDescription: String { file }

        /// Subjects, factor levels and responses.
        func columns() throws -> (subjects: [String], levels: [[String: String]], values: [Double]) {
            let table = try NonparametricFixtures.table("artool/\(file).csv")
            return (try table.column(subject), try table.levels(between + within), try table.numbers(response))
        }

        /// The design: between and within factors.
        var design: ANOVADesign { ANOVADesign(between: between, within: within) }

        /// The observations.
        func observations() throws -> [ANOVAObservation] {
            let columns = try columns()
            return columns.values.indices.map {
                ANOVAObservation(subject: columns.subjects[$0], levels: columns.levels[$0], value: columns.values[$0])
            }
        }
    }

    static let higgins5 = Set(
        file: "Higgins1990Table5", subject: "Tray", response: "DryMatter", between: ["Moisture"], within: ["Fertilizer"]
    )
    static let higgins1 = Set(
        file: "Higgins1990Table1", subject: "Subject", response: "Response", between: ["Row", "Column"], within: [])
    static let higginsABC = Set(
        file: "HigginsABC", subject: "Subject", response: "Y", between: ["A", "B"], within: ["C"])
    static let elkinAB = Set(file: "ElkinAB", subject: "S", response: "Y", between: [], within: ["A", "B"])
    static let elkinABC = Set(file: "ElkinABC", subject: "S", response: "Y", between: [], within: ["A", "B", "C"])
}
