//! Inline SVG bar charts: horizontal bars with an axis, ticks, a zero line, labels in their own
//! column on the left and values in their own column on the right, so no text can collide.

use crate::format::esc;

/// How the value axis runs.
#[derive(Clone, Copy, PartialEq)]
pub enum Scale {
    Linear,
    /// Base-10 logarithmic, for values spanning orders of magnitude (positive values only).
    Log,
}

/// One bar: its label, value, the value as printed, and an optional marker (low, high) drawn
/// over it (a published figure, or a range).
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub text: String,
    pub mark: Option<(f64, f64)>,
}

/// "Nice" tick positions covering [lo, hi]: steps of 1, 2 or 5 × 10^k, about six of them.
pub fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let span = (hi - lo).max(1e-12);
    let raw = span / 6.0;
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
            let s = if v >= 1e6 { format!("{}M", v / 1e6) } else if v >= 1e3 { format!("{}k", v / 1e3) } else { format!("{v}") };
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

/// A horizontal bar chart `width` pixels wide (it scales down with the page).
pub fn bars(title: &str, bars: &[Bar], axis_label: &str, unit: &str, scale: Scale) -> String {
    if bars.is_empty() {
        return String::new();
    }
    let tr = |v: f64| if scale == Scale::Log { v.max(1.0).log10() } else { v };
    let values = bars.iter().flat_map(|b| {
        let mut v = vec![tr(b.value)];
        if let Some((lo, hi)) = b.mark {
            v.extend([tr(lo), tr(hi)]);
        }
        v
    });
    let (mut lo, mut hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
    // The zero line is always on the chart (for a log scale, 10⁰ = 1).
    lo = lo.min(0.0);
    hi = hi.max(0.0);
    if hi - lo < 1e-9 {
        hi = lo + 1.0;
    }
    // A log scale ticks at whole powers of ten only.
    let ticks = if scale == Scale::Log { (lo.floor() as i64..=hi.ceil() as i64).map(|i| i as f64).collect() } else { ticks(lo, hi) };
    let (lo, hi) = (ticks[0].min(lo), ticks[ticks.len() - 1].max(hi));
    let (label_w, plot_w, value_w, row, top) = (230.0, 520.0, 110.0, 22.0, 28.0);
    let width = label_w + plot_w + value_w;
    let height = top + row * bars.len() as f64 + 40.0;
    let x = |v: f64| label_w + (v - lo) / (hi - lo) * plot_w;
    let mut svg = format!(
        "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\" aria-label=\"{}\" font-family=\"system-ui,sans-serif\" font-size=\"12\">",
        esc(title)
    );
    svg += &format!("<text x=\"0\" y=\"16\" font-weight=\"600\">{}</text>", esc(title));
    let bottom = top + row * bars.len() as f64;
    // Grid and ticks.
    for t in &ticks {
        let tx = x(*t);
        let zero = t.abs() < 1e-12;
        svg += &format!(
            "<line x1=\"{tx:.1}\" x2=\"{tx:.1}\" y1=\"{top}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            bottom + 4.0,
            if zero { "#333" } else { "#e3e3e3" },
            if zero { 1.5 } else { 1.0 }
        );
        svg += &format!("<text x=\"{tx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">{}</text>", bottom + 17.0, esc(&tick_text(*t, unit, scale)));
    }
    svg += &format!("<line x1=\"{label_w}\" x2=\"{}\" y1=\"{bottom}\" y2=\"{bottom}\" stroke=\"#888\"/>", label_w + plot_w);
    svg += &format!("<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">{}</text>", label_w + plot_w / 2.0, bottom + 34.0, esc(axis_label));
    for (i, b) in bars.iter().enumerate() {
        let y = top + row * i as f64;
        svg += &format!("<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\"><title>{}</title>{}</text>", label_w - 8.0, y + 15.0, esc(&b.label), esc(&fit(&b.label, 34)));
        let (a, e) = (x(0f64.max(lo)), x(tr(b.value)));
        let (a, e) = (a.min(e), a.max(e));
        let fill = if b.value < 0.0 { "#d9822b" } else { "#5b8def" };
        svg += &format!("<rect x=\"{a:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"16\" fill=\"{fill}\"/>", y + 3.0, (e - a).max(1.0));
        if let Some((mlo, mhi)) = b.mark {
            if (mhi - mlo).abs() < 1e-12 {
                svg += &format!("<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{1:.1}\" y2=\"{2:.1}\" stroke=\"#b3261e\" stroke-width=\"3\"/>", x(tr(mlo)), y + 1.0, y + 21.0);
            } else {
                svg += &format!("<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"20\" fill=\"#b3261e\" fill-opacity=\"0.2\"/>", x(tr(mlo)), y + 1.0, (x(tr(mhi)) - x(tr(mlo))).max(1.0));
            }
        }
        svg += &format!("<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>", width - 2.0, y + 15.0, esc(&b.text));
    }
    svg + "</svg></figure>"
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
}
