//! Display of exact numbers: the records hold fractions and integers; these helpers turn them
//! into the decimals a PAR sheet prints, rounding only here.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use parsheet_paytable::Decimal;
/// An exact fraction as a percentage with `places` decimals and the sign: "12.3457%".
pub fn pct(r: &BigRational, places: usize) -> String {
    format!("{}%", Decimal(r).percent(places))
}

/// HTML-escapes text.
pub fn esc(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// HTML of a note of the tables: escaped as [`esc`] does, then the two marks the notes use made
/// real: a `code span` (a command or id) becomes `<code>`, and an underline `<u>…</u>` quoted
/// from the regulation's amended cells (what the amendment adopted) becomes `<ins>`. Only a
/// pair that opens and closes is converted; anything else stays literal text.
pub fn prose(t: &str) -> String {
    let mut out = String::new();
    for (i, part) in t.split('`').enumerate() {
        // Odd parts lie between backticks, unless the last backtick has no partner.
        let closed = i % 2 == 1 && t.split('`').count() % 2 == 1;
        if closed {
            out += &format!("<code>{}</code>", esc(part));
        } else {
            if i % 2 == 1 {
                out.push('`');
            }
            out += &underlined(part, &esc, "<ins>", "</ins>");
        }
    }
    out
}

/// A note of the tables in Markdown: escaped as [`md`] does, with its code spans kept as code
/// spans (where [`md_code`] can write them) and its underlines as `<ins>`.
pub fn md_prose(t: &str) -> String {
    let mut out = String::new();
    let pieces: Vec<&str> = t.split('`').collect();
    for (i, part) in pieces.iter().enumerate() {
        let closed = i % 2 == 1 && pieces.len() % 2 == 1;
        if closed && !part.contains('`') && !part.is_empty() {
            out += &format!("`{part}`");
        } else {
            if i % 2 == 1 {
                out += "\\`";
            }
            out += &underlined(part, &md, "<ins>", "</ins>");
        }
    }
    out
}

/// `text` escaped by `escape`, with each `<u>x</u>` written as `open`x`close`.
fn underlined(text: &str, escape: &dyn Fn(&str) -> String, open: &str, close: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(a) = rest.find("<u>") {
        let Some(b) = rest[a + 3..].find("</u>") else { break };
        out += &escape(&rest[..a]);
        out += &format!("{open}{}{close}", escape(&rest[a + 3..a + 3 + b]));
        rest = &rest[a + 3 + b + 4..];
    }
    out + &escape(rest)
}

/// Markdown-escapes text of the document, so that no name or note makes HTML, a link, an image,
/// emphasis, a code span or a table column: each character that could is backslash-escaped, or
/// written as an entity where a backslash would not stop it (`<`, `>`, `&`). Control characters
/// (refused in table files) are written as escapes.
pub fn md(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for c in parsheet_tables::printable(t).chars() {
        match c {
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '&' => out += "&amp;",
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// An id as a Markdown code span where it is one (letters, digits and `-_.+`), else as escaped
/// text: a backtick in a name would end the span, and a code span shows escapes literally.
pub fn md_code(t: &str) -> String {
    if !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric() || "-_.+".contains(c)) {
        format!("`{t}`")
    } else {
        md(t)
    }
}

/// Whether a spreadsheet would take `t` for a formula when a CSV is opened or a cell edited: it
/// begins with `=`, `+`, `-`, `@`, a tab or a carriage return and is not a number
/// (`=HYPERLINK(...)` in a hand label of a user's tables file would run as one). A number is
/// not one, so `-0.5`, `-1/20`, `+3` and `-12.5%` still read as numbers: exact fractions and
/// signed counts are numbers, not formulas. The one rule of both guards: [`defused`] for every
/// CSV cell, the quote-prefix format of the workbook's text cells (`xlsx.rs`).
pub fn formula_like(t: &str) -> bool {
    t.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_number(t)
}

/// Text for a CSV cell, defused: a [`formula_like`] text gets a leading `'` (OWASP's
/// CSV-injection rule), which the spreadsheet shows as text; anything else stays as it is.
/// Every CSV cell goes through here (the workbook marks such a cell with a quote prefix instead,
/// which a spreadsheet does not show).
pub fn defused(t: &str) -> std::borrow::Cow<'_, str> {
    if formula_like(t) {
        format!("'{t}").into()
    } else {
        t.into()
    }
}

/// Whether `t` is a number as parsheet writes one: a sign, digits with at most one point, then
/// optionally `/` and a denominator's digits (an exact fraction) or `%`.
fn is_number(t: &str) -> bool {
    let t = t.strip_prefix(['+', '-']).unwrap_or(t);
    let t = t.strip_suffix('%').unwrap_or(t);
    let (n, d) = t.split_once('/').unwrap_or((t, "1"));
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let decimal = |s: &str| match s.split_once('.') {
        Some((a, b)) => (digits(a) || a.is_empty()) && digits(b),
        None => digits(s),
    };
    decimal(n) && digits(d)
}

/// A CSV cell: [`defused`], then quoted where it holds a comma, a quote or a line break.
pub fn csv_cell(t: &str) -> String {
    let t = defused(t);
    if t.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", t.replace('"', "\"\""))
    } else {
        t.into_owned()
    }
}

/// An exact number of the document: "n" or "n/d".
pub fn ratio(text: &str) -> Option<BigRational> {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    let (n, d): (BigInt, BigInt) = (n.parse().ok()?, d.parse().ok()?);
    (!d.is_zero()).then(|| BigRational::new(n, d))
}

/// Thousands separators on an integer's digits ("2869685" → "2,869,685").
pub fn grouped(digits: &str) -> String {
    let (sign, d) = digits.strip_prefix('-').map_or(("", digits), |d| ("-", d));
    let (int, frac) = d.split_once('.').map_or((d, None), |(a, b)| (a, Some(b)));
    let mut out = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}{}", frac.map(|f| format!(".{f}")).unwrap_or_default())
}

/// A probability as a PAR sheet prints it: six places, or three significant figures below
/// 0.001 so that rare hands do not print as zero.
pub fn probability(p: &BigRational) -> String {
    if p.is_zero() {
        return "0".into();
    }
    let thousandth = BigRational::new(1.into(), 1000.into());
    if p >= &thousandth {
        return Decimal(p).with_places(6);
    }
    let mut places = 3;
    let mut x = p * BigRational::from_integer(1000.into());
    while x < BigRational::one() && places < 40 {
        x *= BigRational::from_integer(10.into());
        places += 1;
    }
    Decimal(p).with_places(places + 2)
}

/// "1 in N" for a probability: two places below 100, one below 10,000, whole above.
pub fn one_in(p: &BigRational) -> String {
    if p.is_zero() {
        return "never".into();
    }
    let n = p.recip();
    let places = if n < BigRational::from_integer(100.into()) {
        2
    } else if n < BigRational::from_integer(10_000.into()) {
        1
    } else {
        0
    };
    grouped(&Decimal(&n).with_places(places))
}

/// A per-unit return or net: six places.
pub fn per_unit(r: &BigRational) -> String {
    Decimal(r).with_places(6)
}

/// A percentage string of the document ("12.345678") shortened to `places` places.
pub fn percent_text(text: &str, places: usize) -> String {
    match text.parse::<BigRational>().ok().or_else(|| decimal_ratio(text)) {
        Some(v) => format!("{}%", Decimal(&v).with_places(places)),
        None => text.to_string(),
    }
}

/// A decimal string ("-5.845123") as an exact rational.
pub fn decimal_ratio(text: &str) -> Option<BigRational> {
    let t = text.trim();
    let (neg, t) = t.strip_prefix('-').map_or((false, t), |r| (true, r));
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    if int.is_empty() || !int.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: BigInt = format!("{int}{frac}").parse().ok()?;
    let v = BigRational::new(n, BigInt::from(10).pow(frac.len() as u32));
    Some(if neg { -v } else { v })
}

/// The rounds after which the realised payback lies within ±1 point of the expected one 95% of
/// the time (normal approximation): n = (1.96 σ / 0.01)².
pub fn rounds_within_a_point(sd: f64) -> f64 {
    (1.96 * sd / 0.01).powi(2)
}

/// A table: header, body rows, and summary rows (shown below the body, set apart).
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub summary: Vec<Vec<String>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_show_their_code_and_underlines_and_nothing_else() {
        assert_eq!(prose("run `parsheet verify --house-way A|B` now"), "run <code>parsheet verify --house-way A|B</code> now");
        assert_eq!(prose("raw cell \"20 <u>60</u> to 1\""), "raw cell &quot;20 <ins>60</ins> to 1&quot;");
        // Unpaired marks stay text; markup of any other kind stays escaped.
        assert_eq!(prose("a ` b <u>c <b>d</b>"), "a ` b &lt;u&gt;c &lt;b&gt;d&lt;/b&gt;");
        assert_eq!(prose("<u><script>x</script></u>"), "<ins>&lt;script&gt;x&lt;/script&gt;</ins>");
        assert_eq!(md_prose("see `parsheet list` and <u>60</u>*"), "see `parsheet list` and <ins>60</ins>\\*");
    }

    #[test]
    fn display_of_exact_numbers() {
        let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        assert_eq!(grouped("2869685"), "2,869,685");
        assert_eq!(grouped("-1234.5"), "-1,234.5");
        assert_eq!(probability(&r(1, 4)), "0.250000");
        assert_eq!(probability(&r(4, 2_869_685)), "0.00000139");
        assert_eq!(one_in(&r(1, 4)), "4.00");
        assert_eq!(one_in(&r(4, 2_869_685)), "717,421");
        assert_eq!(one_in(&r(0, 1)), "never");
        assert_eq!(percent_text("-5.845123", 3), "-5.845%");
        assert_eq!(ratio("3/4"), Some(r(3, 4)));
        // σ = 1: (196)² = 38,416 rounds.
        assert!((rounds_within_a_point(1.0) - 38_416.0).abs() < 1e-6);
    }

    #[test]
    fn spreadsheet_text_is_defused_and_numbers_stay_numbers() {
        for hostile in ["=HYPERLINK(\"http://x\",\"y\")", "+1+cmd|' /C calc'!A0", "-2+3", "-A1", "@SUM(A1)", "\t=1", "\r=1", "-", "+", "=", "-1/-2", "--1", "-1.2.3", "-.", "-1/", "-%"] {
            assert_eq!(defused(hostile), format!("'{hostile}"), "{hostile:?}");
            assert!(formula_like(hostile), "{hostile:?}");
        }
        for number in ["-0.5", "-1/20", "+3", "-12.5%", "-7", "-.5", "0", "12", ""] {
            assert_eq!(defused(number), number, "{number:?}");
            assert!(!formula_like(number), "{number:?}");
        }
        for text in ["Pair of aces", "6 or 33", "a=b", "'=already"] {
            assert_eq!(defused(text), text);
        }
        assert_eq!(csv_cell("=1,2"), "\"'=1,2\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("-1/2"), "-1/2");
    }
}
