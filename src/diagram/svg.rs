//! The SVG board. Everything is drawn in place, without `<defs>`, `<use>` or `id`s, so
//! that many boards can stand inline in one HTML page; pieces, stones and marks are
//! shapes whose colours carry the side, so that a renderer without fonts still draws a
//! true position (only names, numbers and coordinates are text).

use std::fmt::Write;

use super::{BoardKind, Cell, Diagram, Ground, Piece, Shape};
use crate::text::escape_markup;

const LEFT: f32 = 26.0;
const TOP: f32 = 14.0;
const RIGHT: f32 = 14.0;
const BOTTOM: f32 = 24.0;
const CAPTION: f32 = 20.0;
const CAPTION_FONT: f32 = 13.0;

const FONTS: &str = "DejaVu Sans,Noto Sans CJK SC,Noto Sans SC,Source Han Sans SC,WenQuanYi Micro Hei,Microsoft YaHei,sans-serif";

const LIGHT: &str = "#efe3c8";
const DARK: &str = "#b58863";
const WOOD: &str = "#dcb35c";
const LINE: &str = "#3b2b12";
const MARK: &str = "#f2d024";
const ERROR: &str = "#d0202a";
const CROWN: &str = "#e0ac1a";
/// The last Go move's number or ring: bright enough on black and on white stones.
const LAST: &str = "#ff3b2f";

/// The side of a cell in pixels: large enough to read, small enough for a page of
/// boards (8×8 at 44, 19×19 at 26).
fn cell_size(diagram: &Diagram) -> f32 {
    let cells = diagram.width.max(diagram.height).max(1) as f32;
    (440.0 / cells).clamp(26.0, 44.0).round()
}

struct Canvas {
    out: String,
    size: f32,
}

impl Canvas {
    fn origin(&self, column: usize, row: usize) -> (f32, f32) {
        (
            LEFT + column as f32 * self.size,
            TOP + row as f32 * self.size,
        )
    }

    fn centre(&self, column: usize, row: usize) -> (f32, f32) {
        let (x, y) = self.origin(column, row);
        (x + self.size / 2.0, y + self.size / 2.0)
    }

    fn text(&mut self, x: f32, y: f32, size: f32, fill: &str, anchor: &str, text: &str) {
        let _ = write!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" fill="{fill}" text-anchor="{anchor}">{}</text>"#,
            escape_markup(text)
        );
    }

    fn circle(&mut self, (x, y): (f32, f32), r: f32, fill: &str, stroke: &str, width: f32) {
        let _ = write!(
            self.out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{width:.1}"/>"#
        );
    }

    fn rect(&mut self, (x, y): (f32, f32), (w, h): (f32, f32), fill: &str, extra: &str) {
        let _ = write!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}"{extra}/>"#
        );
    }
}

pub(super) fn draw(diagram: &Diagram) -> String {
    let size = cell_size(diagram);
    let board_w = diagram.width as f32 * size;
    let board_h = diagram.height as f32 * size;
    let width = LEFT + board_w + RIGHT;
    let caption = caption_lines(&diagram.caption, width - LEFT - RIGHT);
    let height = TOP + board_h + BOTTOM + CAPTION * caption.len() as f32;
    let mut canvas = Canvas {
        out: String::new(),
        size,
    };
    let _ = write!(
        canvas.out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="{FONTS}" role="img">"#
    );
    if !diagram.caption.is_empty() {
        let _ = write!(
            canvas.out,
            "<title>{}</title>",
            escape_markup(&diagram.caption)
        );
    }
    canvas.rect((0.0, 0.0), (width, height), "#ffffff", "");
    match diagram.kind {
        BoardKind::Squares => squares(&mut canvas, diagram),
        BoardKind::Lines => lines(&mut canvas, diagram),
    }
    coordinates(&mut canvas, diagram);
    for (i, line) in caption.iter().enumerate() {
        let y = TOP + board_h + BOTTOM + CAPTION * (i + 1) as f32 - 8.0;
        canvas.text(LEFT, y, CAPTION_FONT, "#222222", "start", line);
    }
    canvas.out.push_str("</svg>\n");
    canvas.out
}

/// The caption in lines that fit `width`, broken between its parts (` · `); a
/// character is taken as wide as most of DejaVu Sans's.
fn caption_lines(caption: &str, width: f32) -> Vec<String> {
    let fits = (width / (CAPTION_FONT * 0.6)) as usize;
    let mut lines: Vec<String> = Vec::new();
    for part in caption.split(" · ").filter(|part| !part.is_empty()) {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 3 + part.chars().count() <= fits => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

fn cells(diagram: &Diagram) -> impl Iterator<Item = (usize, usize, &Cell)> {
    diagram
        .cells
        .iter()
        .enumerate()
        .map(|(i, cell)| (i % diagram.width, i / diagram.width, cell))
}

fn squares(canvas: &mut Canvas, diagram: &Diagram) {
    let size = canvas.size;
    for (column, row, cell) in cells(diagram) {
        let at = canvas.origin(column, row);
        let ground = match cell.ground {
            Ground::Dark => DARK,
            _ => LIGHT,
        };
        canvas.rect(at, (size, size), ground, "");
        if cell.last_move {
            canvas.rect(at, (size, size), MARK, r#" fill-opacity="0.55""#);
        }
        if let Some(piece) = &cell.piece {
            draw_piece(canvas, canvas.centre(column, row), piece);
        }
        if let Some(number) = cell.number {
            // Over the piece, outlined, so that it reads on any piece and square.
            let (x, y) = at;
            let font = size * 0.22;
            let _ = write!(
                canvas.out,
                r##"<text x="{:.1}" y="{:.1}" font-size="{font:.1}" fill="#fbf3e0" stroke="#4a3018" stroke-width="2" paint-order="stroke" text-anchor="start">{number}</text>"##,
                x + 2.0,
                y + font + 1.0,
            );
        }
        if cell.error {
            let (x, y) = at;
            canvas.rect(
                (x + 2.0, y + 2.0),
                (size - 4.0, size - 4.0),
                "none",
                &format!(r#" stroke="{ERROR}" stroke-width="4""#),
            );
        }
    }
    let (x, y) = canvas.origin(0, 0);
    let (w, h) = (diagram.width as f32 * size, diagram.height as f32 * size);
    canvas.rect(
        (x, y),
        (w, h),
        "none",
        r##" stroke="#3b2b12" stroke-width="1.5""##,
    );
}

/// A piece, one group named by its side and shape (`data-piece="blue named"`), so that
/// a page holding the board can find its pieces.
fn draw_piece(canvas: &mut Canvas, centre: (f32, f32), piece: &Piece) {
    let size = canvas.size;
    let [fill, stroke, ink] = piece.side.colours();
    let shape = match piece.shape {
        Shape::Named => "named",
        Shape::Man => "man",
        Shape::King => "king",
        Shape::Stone => "stone",
    };
    let _ = write!(
        canvas.out,
        r#"<g data-piece="{} {shape}">"#,
        piece.side.name()
    );
    match piece.shape {
        Shape::Named => {
            canvas.circle(centre, size * 0.40, fill, stroke, 1.5);
            if let Some(name) = &piece.name {
                let (x, y) = centre;
                let font = size * 0.46;
                let _ = write!(
                    canvas.out,
                    r#"<text x="{x:.1}" y="{:.1}" font-size="{font:.1}" font-weight="bold" fill="{ink}" text-anchor="middle">{}</text>"#,
                    y + font * 0.36,
                    escape_markup(name)
                );
            }
        }
        Shape::Man | Shape::King => {
            canvas.circle(centre, size * 0.37, fill, stroke, 1.5);
            canvas.circle(centre, size * 0.26, "none", stroke, 1.2);
            if piece.shape == Shape::King {
                crown(canvas, centre);
            }
        }
        Shape::Stone => canvas.circle(centre, size * 0.47, fill, stroke, 1.0),
    }
    canvas.out.push_str("</g>");
}

/// A crown of three points on a band: a king without any font.
fn crown(canvas: &mut Canvas, (x, y): (f32, f32)) {
    let k = canvas.size * 0.30;
    let points = [
        (-0.6, 0.35),
        (-0.6, -0.25),
        (-0.3, 0.05),
        (0.0, -0.45),
        (0.3, 0.05),
        (0.6, -0.25),
        (0.6, 0.35),
    ];
    let list: Vec<String> = points
        .iter()
        .map(|(dx, dy)| format!("{:.1},{:.1}", x + dx * k, y + dy * k))
        .collect();
    let _ = write!(
        canvas.out,
        r##"<polygon points="{}" fill="{CROWN}" stroke="#6b4d00" stroke-width="1"/>"##,
        list.join(" ")
    );
}

fn lines(canvas: &mut Canvas, diagram: &Diagram) {
    let size = canvas.size;
    let (x0, y0) = canvas.origin(0, 0);
    let (w, h) = (diagram.width as f32 * size, diagram.height as f32 * size);
    canvas.rect((x0, y0), (w, h), WOOD, "");
    let (left, top) = canvas.centre(0, 0);
    let (right, bottom) = canvas.centre(diagram.width - 1, diagram.height - 1);
    for column in 0..diagram.width {
        let (x, _) = canvas.centre(column, 0);
        let _ = write!(
            canvas.out,
            r#"<line x1="{x:.1}" y1="{top:.1}" x2="{x:.1}" y2="{bottom:.1}" stroke="{LINE}" stroke-width="1"/>"#
        );
    }
    for row in 0..diagram.height {
        let (_, y) = canvas.centre(0, row);
        let _ = write!(
            canvas.out,
            r#"<line x1="{left:.1}" y1="{y:.1}" x2="{right:.1}" y2="{y:.1}" stroke="{LINE}" stroke-width="1"/>"#
        );
    }
    for (column, row, cell) in cells(diagram) {
        let centre = canvas.centre(column, row);
        if cell.ground == Ground::Star && cell.piece.is_none() {
            canvas.circle(centre, size * 0.1, LINE, LINE, 0.0);
        }
        if let Some(piece) = &cell.piece {
            draw_piece(canvas, centre, piece);
            let [_, _, ink] = piece.side.colours();
            let ink = if cell.last_move { LAST } else { ink };
            match cell.move_number {
                Some(number) => {
                    let text = number.to_string();
                    let font = if text.len() > 2 { 0.36 } else { 0.46 } * size;
                    let (x, y) = centre;
                    canvas.text(x, y + font * 0.36, font, ink, "middle", &text);
                }
                None if cell.last_move => canvas.circle(centre, size * 0.22, "none", LAST, 2.5),
                None => {}
            }
        }
        if cell.error {
            let half = size * 0.45;
            let (x, y) = centre;
            canvas.rect(
                (x - half, y - half),
                (2.0 * half, 2.0 * half),
                "none",
                &format!(r#" stroke="{ERROR}" stroke-width="3""#),
            );
        }
    }
}

fn coordinates(canvas: &mut Canvas, diagram: &Diagram) {
    let size = canvas.size;
    let font = (size * 0.3).clamp(10.0, 13.0);
    let below = TOP + diagram.height as f32 * size + 16.0;
    for (column, label) in diagram.columns.iter().enumerate() {
        let (x, _) = canvas.centre(column, 0);
        canvas.text(x, below, font, "#333333", "middle", label);
    }
    for (row, label) in diagram.rows.iter().enumerate() {
        let (_, y) = canvas.centre(0, row);
        canvas.text(LEFT - 6.0, y + font * 0.36, font, "#333333", "end", label);
    }
}
