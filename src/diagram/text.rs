//! The text board: one cell a few columns wide, the mark of a cell on either side of
//! what stands on it, coordinates round the board.

use super::{Diagram, Ground};

/// Terminal columns a character takes: two for the wide East Asian ranges, else one.
fn char_width(c: char) -> usize {
    match u32::from(c) {
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6 => 2,
        _ => 1,
    }
}

fn width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

/// What the text shows in a cell: its piece, else its number (an empty dark square of
/// draughts), else its ground.
fn content(diagram: &Diagram, index: usize) -> String {
    let cell = &diagram.cells[index];
    if let Some(piece) = &cell.piece {
        return piece.glyph.clone();
    }
    if let Some(number) = cell.number {
        return number.to_string();
    }
    match cell.ground {
        Ground::Unplayed => " ",
        Ground::Star => "+",
        Ground::Light | Ground::Dark | Ground::Point => "·",
    }
    .to_string()
}

/// `text` right-aligned in `columns` when it is a number, else centred (right of centre).
fn pad(text: &str, columns: usize) -> String {
    let room = columns.saturating_sub(width(text));
    let left = if text.starts_with(|c: char| c.is_ascii_digit()) {
        room
    } else {
        room.div_ceil(2)
    };
    format!("{}{text}{}", " ".repeat(left), " ".repeat(room - left))
}

pub(super) fn draw(diagram: &Diagram) -> String {
    let contents: Vec<String> = (0..diagram.cells.len())
        .map(|i| content(diagram, i))
        .collect();
    let inner = contents
        .iter()
        .map(|c| width(c))
        .chain(diagram.columns.iter().map(|c| width(c)))
        .max()
        .unwrap_or(1);
    let margin = diagram.rows.iter().map(|r| width(r)).max().unwrap_or(0);
    let cell = inner + 2;
    let mut out = String::new();
    let indent = " ".repeat(margin + 1);
    let rule = "─".repeat(cell * diagram.width);
    out.push_str(&format!("{indent}┌{rule}┐\n"));
    for row in 0..diagram.height {
        let label = diagram.rows.get(row).map_or("", String::as_str);
        out.push_str(&format!("{} │", pad_left(label, margin)));
        for column in 0..diagram.width {
            let index = row * diagram.width + column;
            let cell = &diagram.cells[index];
            let (open, close) = match (cell.error, cell.last_move) {
                (true, _) => ('[', ']'),
                (false, true) => ('(', ')'),
                (false, false) => (' ', ' '),
            };
            out.push(open);
            out.push_str(&pad(&contents[index], inner));
            out.push(close);
        }
        out.push_str("│\n");
    }
    out.push_str(&format!("{indent}└{rule}┘\n"));
    if !diagram.columns.is_empty() {
        out.push_str(&indent);
        out.push(' ');
        for label in &diagram.columns {
            out.push(' ');
            out.push_str(&pad(label, inner));
            out.push(' ');
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    for line in std::iter::once(&diagram.caption).chain(&diagram.notes) {
        if !line.is_empty() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn pad_left(text: &str, columns: usize) -> String {
    format!("{}{text}", " ".repeat(columns.saturating_sub(width(text))))
}
