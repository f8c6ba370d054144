//! Inline SVG bar charts that fit any width and keep their text at its size.
//!
//! A chart is drawn without a `viewBox`: horizontal positions are percentages of the chart's
//! width and vertical ones pixels, so the SVG takes the width of its column (a 390 px phone or a
//! 1280 px window) while its text stays at 13 px as rendered, never scaled down. Each bar has its
//! label on a line of its own above it (no label column to squeeze) and its value in the right
//! quarter; tick labels sit below the plot, the first one anchored at its start and the last at
//! its end so neither is clipped. Labels carry a white halo, so a grid line never crosses their
//! glyphs.
//!
//! What a chart promises it draws: a bar's `mark` is the published figure (a red line) or a
//! published range for that bar (a red band over the bar), and the chart's `range` a published
//! range that covers every bar (a red band over the whole plot, labelled). The legend under the
//! chart names only the marks that were drawn.

use crate::format::esc;

/// How the value axis runs.
#[derive(Clone, Copy, PartialEq)]
pub enum Scale {
    Linear,
    /// Base-10 logarithmic, for values spanning orders of magnitude (positive values only).
    Log,
}

/// One bar: its label, value, the value as printed, and an optional marker (low, high) drawn
/// over it: the published figure (low = high) or a published range.
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub text: String,
    pub mark: Option<(f64, f64)>,
}

/// A published range over every bar of a chart: (low, high) and its printed text.
pub struct Range {
    pub low: f64,
    pub high: f64,
    pub text: String,
}

/// The text size of every chart, in CSS pixels as rendered (the browser test requires 11 or more).
pub const FONT_PX: u32 = 13;

/// "Nice" tick positions covering [lo, hi]: steps of 1, 2 or 5 × 10^k, about five of them (they
/// must fit a phone's width).
pub fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let span = (hi - lo).max(1e-12);
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(10.0 * mag);
    // Whole multiples of the step from at or below `lo` to at or above `hi`.
    let (first, last) = ((lo / step + 1e-9).floor() as i64, (hi / step - 1e-9).ceil() as i64);
    (first..=last).map(|i| if i == 0 { 0.0 } else { i as f64 * step }).collect()
}

fn tick_text(t: f64, unit: &str, scale: Scale) -> String {
    match scale {
        Scale::Log => {
            let n = t.round() as i32;
            let v = 10f64.powi(n);
            let s = if v >= 1e9 { format!("{}G", v / 1e9) } else if v >= 1e6 { format!("{}M", v / 1e6) } else if v >= 1e3 { format!("{}k", v / 1e3) } else { format!("{v}") };
            format!("{s}{unit}")
        }
        Scale::Linear => {
            let s = format!("{t:.3}");
            let s = s.trim_end_matches('0').trim_end_matches('.');
            format!("{}{unit}", if s == "-0" { "0" } else { s })
        }
    }
}

/// Truncates a label to about `chars` characters (the full text stays in a tooltip).
fn fit(label: &str, chars: usize) -> String {
    if label.chars().count() <= chars {
        label.to_string()
    } else {
        label.chars().take(chars - 1).collect::<String>() + "…"
    }
}

/// The plot runs from 1% to 76% of the width; the values sit right-aligned in the rest.
const PLOT: (f64, f64) = (1.0, 76.0);
const RED: &str = "#b3261e";

/// A horizontal bar chart as a `<figure>` with its legend.
pub fn bars(title: &str, bars: &[Bar], axis_label: &str, unit: &str, scale: Scale, range: Option<&Range>) -> String {
    if bars.is_empty() {
        return String::new();
    }
    let tr = |v: f64| if scale == Scale::Log { v.max(1.0).log10() } else { v };
    let marks = bars.iter().filter_map(|b| b.mark).chain(range.map(|r| (r.low, r.high)));
    let values = bars.iter().map(|b| tr(b.value)).chain(marks.flat_map(|(lo, hi)| [tr(lo), tr(hi)]));
    let (mut lo, mut hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
    // The zero line is always on the chart (for a log scale, 10⁰ = 1).
    lo = lo.min(0.0);
    hi = hi.max(0.0);
    if hi - lo < 1e-9 {
        hi = lo + 1.0;
    }
    // A log scale ticks at whole powers of ten only, every other one when there are many.
    let ticks = if scale == Scale::Log {
        let (a, b) = (lo.floor() as i64, hi.ceil() as i64);
        let step = if b - a > 6 { 2 } else { 1 };
        let mut t: Vec<f64> = (a..=b).step_by(step).map(|i| i as f64).collect();
        if *t.last().unwrap() < hi {
            t.push(t.last().unwrap() + step as f64);
        }
        t
    } else {
        ticks(lo, hi)
    };
    let (lo, hi) = (ticks[0].min(lo), ticks[ticks.len() - 1].max(hi));
    let f = FONT_PX as f64;
    // Per bar: a label line, then the bar with its value.
    let (title_h, label_h, bar_h, gap) = (f + 10.0, f + 4.0, 14.0, 8.0);
    let row = label_h + bar_h + gap;
    let band_label_h = if range.is_some() { f + 6.0 } else { 0.0 };
    let top = title_h + band_label_h;
    let bottom = top + row * bars.len() as f64;
    let height = bottom + 2.0 * f + 14.0;
    let x = |v: f64| PLOT.0 + (v - lo) / (hi - lo) * (PLOT.1 - PLOT.0);
    let mut svg = format!(
        "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" height=\"{height}\" role=\"img\" aria-label=\"{}\" font-family=\"system-ui,sans-serif\" font-size=\"{FONT_PX}px\">",
        esc(title)
    );
    svg += &format!("<text x=\"0\" y=\"{f}\" font-weight=\"600\">{}</text>", esc(title));
    if let Some(r) = range {
        let (a, b) = (x(tr(r.low)), x(tr(r.high)));
        svg += &format!("<rect x=\"{a:.2}%\" y=\"{top}\" width=\"{:.2}%\" height=\"{:.1}\" fill=\"{RED}\" fill-opacity=\"0.14\"/>", (b - a).max(0.3), bottom - top);
        for e in [a, b] {
            svg += &format!("<line x1=\"{e:.2}%\" x2=\"{e:.2}%\" y1=\"{:.1}\" y2=\"{bottom}\" stroke=\"{RED}\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>", top - 4.0);
        }
        // The label starts at the band and runs right, or ends at it near the right edge.
        let (lx, anchor) = if a < 45.0 { (a, "start") } else { (b, "end") };
        svg += &format!("<text x=\"{lx:.2}%\" y=\"{:.1}\" text-anchor=\"{anchor}\" fill=\"{RED}\">published range {}</text>", top - 6.0, esc(&r.text));
    }
    // Grid and ticks.
    for (i, t) in ticks.iter().enumerate() {
        let tx = x(*t);
        let zero = t.abs() < 1e-12;
        svg += &format!(
            "<line x1=\"{tx:.2}%\" x2=\"{tx:.2}%\" y1=\"{top}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            bottom + 4.0,
            if zero { "#333" } else { "#e3e3e3" },
            if zero { 1.5 } else { 1.0 }
        );
        let anchor = if i == 0 { "start" } else if i + 1 == ticks.len() { "end" } else { "middle" };
        svg += &format!("<text x=\"{tx:.2}%\" y=\"{:.1}\" text-anchor=\"{anchor}\" fill=\"#444\">{}</text>", bottom + f + 6.0, esc(&tick_text(*t, unit, scale)));
    }
    svg += &format!("<line x1=\"{}%\" x2=\"{}%\" y1=\"{bottom}\" y2=\"{bottom}\" stroke=\"#888\"/>", PLOT.0, PLOT.1);
    svg += &format!("<text x=\"{:.2}%\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">{}</text>", (PLOT.0 + PLOT.1) / 2.0, bottom + 2.0 * f + 10.0, esc(axis_label));
    let (mut lines, mut bands) = (false, false);
    for (i, b) in bars.iter().enumerate() {
        let y = top + row * i as f64;
        let bar_y = y + label_h;
        svg += &format!("<text x=\"0\" y=\"{:.1}\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\"><title>{}</title>{}</text>", y + f, esc(&b.label), esc(&fit(&b.label, 48)));
        let (a, e) = (x(0f64.max(lo)), x(tr(b.value)));
        let (a, e) = (a.min(e), a.max(e));
        let fill = if b.value < 0.0 { "#d9822b" } else { "#5b8def" };
        svg += &format!("<rect x=\"{a:.2}%\" y=\"{bar_y:.1}\" width=\"{:.2}%\" height=\"{bar_h}\" fill=\"{fill}\"/>", (e - a).max(0.15));
        if let Some((mlo, mhi)) = b.mark {
            if (mhi - mlo).abs() < 1e-12 {
                lines = true;
                svg += &format!("<line x1=\"{0:.2}%\" x2=\"{0:.2}%\" y1=\"{1:.1}\" y2=\"{2:.1}\" stroke=\"{RED}\" stroke-width=\"3\"/>", x(tr(mlo)), bar_y - 3.0, bar_y + bar_h + 3.0);
            } else {
                bands = true;
                svg += &format!("<rect x=\"{:.2}%\" y=\"{:.1}\" width=\"{:.2}%\" height=\"{:.1}\" fill=\"{RED}\" fill-opacity=\"0.25\" stroke=\"{RED}\"/>", x(tr(mlo)), bar_y - 3.0, (x(tr(mhi)) - x(tr(mlo))).max(0.3), bar_h + 6.0);
            }
        }
        svg += &format!("<text x=\"100%\" y=\"{:.1}\" text-anchor=\"end\">{}</text>", bar_y + bar_h - 2.0, esc(&b.text));
    }
    svg += "</svg>";
    let mut legend = Vec::new();
    if lines {
        legend.push(format!("<span class=\"key\" style=\"border-left:3px solid {RED}\"></span>red line: the published figure"));
    }
    if bands || range.is_some() {
        legend.push(format!("<span class=\"key\" style=\"background:{RED};opacity:.3\"></span>red band: the published range"));
    }
    if !legend.is_empty() {
        svg += &format!("<figcaption class=\"legend\">{}</figcaption>", legend.join(" · "));
    }
    svg + "</figure>"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks(0.0, 10.0), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        let t = ticks(-5.8, 12.0);
        assert!(t[0] <= -5.8 && *t.last().unwrap() >= 12.0 && t.contains(&0.0));
    }

    fn bar(value: f64, mark: Option<(f64, f64)>) -> Bar {
        Bar { label: "x".into(), value, text: format!("{value}"), mark }
    }

    #[test]
    fn a_published_figure_is_a_red_line_and_a_range_a_band_and_the_legend_says_only_what_is_drawn() {
        let none = bars("t", &[bar(5.0, None)], "a", "%", Scale::Linear, None);
        assert!(!none.contains(RED) && !none.contains("legend"));
        let line = bars("t", &[bar(5.0, Some((4.0, 4.0)))], "a", "%", Scale::Linear, None);
        assert!(line.contains(&format!("stroke=\"{RED}\" stroke-width=\"3\"")) && line.contains("red line") && !line.contains("red band"));
        let range = Range { low: 5.3, high: 11.1, text: "5.3% to 11.1%".into() };
        let band = bars("t", &[bar(5.0, None), bar(8.0, None)], "a", "%", Scale::Linear, Some(&range));
        assert!(band.contains("published range 5.3% to 11.1%") && band.contains("red band") && !band.contains("red line"));
        // The axis ticks 0, 5, 10, 15 (steps of 5 for a span of 11.1): the band starts at
        // 1% + 5.3/15 × 75% = 27.50% of the width.
        assert!(band.contains("x=\"27.50%\""), "{band}");
    }

    #[test]
    fn the_text_is_never_scaled() {
        let svg = bars("t", &[bar(1.0, None)], "a", "", Scale::Linear, None);
        assert!(!svg.contains("viewBox") && svg.contains("width=\"100%\"") && svg.contains(&format!("font-size=\"{FONT_PX}px\"")));
    }
}
