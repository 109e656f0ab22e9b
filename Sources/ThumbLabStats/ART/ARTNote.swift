/// The caution every Aligned Rank Transform result carries.
public enum ARTNote {
    /// ART's known weakness: inflated Type I error for non-normal data with unequal variances.
    public static let typeIError =
        "The Aligned Rank Transform can inflate Type I error rates when data are non-normal "
        + "with unequal variances across cells, notably for interactions and when other effects "
        + "are present (Lüpsen 2017, J. Mod. Appl. Stat. Methods 16(2); Elkin et al. 2021, UIST). "
        + "Check the alignment diagnostics and compare with a parametric analysis of suitably "
        + "transformed data."
}
