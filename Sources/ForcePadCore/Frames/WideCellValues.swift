/// One Int64 per cell, stored inline (no heap), sized like ``CellValues`` for the largest
/// board: the pipeline's per-cell state kept in Q16 or summed over frames. Only the first
/// `cellCount` entries are meaningful; the unit and Q format are those of the field that
/// holds it.
public typealias WideCellValues = InlineArray<256, Int64>
