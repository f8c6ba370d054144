//! Paytable design arithmetic: the house edge is linear in each line's pay, so questions such as
//! "what must this line pay for a 5% edge?" have exact answers.
//!
//! With outcome probabilities p_o, a line paying net x_o contributes p_o · x_o to the player's
//! expected net, so ∂(house edge)/∂x_o = −p_o, and moving one line from x to x' moves the edge
//! by −p_o · (x' − x).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::{analyze, Analysis, AnalysisError, Line, OutcomeCounts, Pay, Paytable, MAX_PAY};

fn probability(counts: &OutcomeCounts, outcome: &str) -> Option<BigRational> {
    counts.get(outcome).map(|n| BigRational::new(BigInt::from(n), BigInt::from(counts.cycle())))
}

/// Net result of `outcome` under `table` (−1 when it has no line).
fn net_of(table: &Paytable, outcome: &str) -> Result<BigRational, AnalysisError> {
    match table.pay(outcome) {
        None => Ok(-BigRational::one()),
        Some(p) => p.net().ok_or_else(|| AnalysisError::NeedsModel { outcome: outcome.to_string(), pay: p.clone() }),
    }
}

/// The change in house edge per unit of net pay on `outcome`: −probability. `None` if the
/// wager has no such outcome.
pub fn sensitivity(counts: &OutcomeCounts, outcome: &str) -> Option<BigRational> {
    probability(counts, outcome).map(|p| -p)
}

/// The exact net pay of `outcome` ("x to 1" with x the result) that gives house edge `target`,
/// all other lines as in `table`. `None` if the outcome never happens (its pay cannot move the
/// edge).
pub fn solve_line(counts: &OutcomeCounts, table: &Paytable, outcome: &str, target: &BigRational) -> Result<Option<BigRational>, AnalysisError> {
    let a = analyze(counts, table)?;
    let p = probability(counts, outcome).ok_or_else(|| AnalysisError::UnknownOutcome {
        outcome: outcome.to_string(),
        known: counts.rows().iter().map(|r| r.0.clone()).collect(),
    })?;
    if p.is_zero() {
        return Ok(None);
    }
    let current = net_of(table, outcome)?;
    Ok(Some(current + (&a.house_edge - target) / p))
}

/// `table` with `outcome` paying `pay` (a line is added if it had none).
pub fn with_pay(table: &Paytable, outcome: &str, pay: Pay) -> Paytable {
    let mut t = table.clone();
    match t.lines.iter_mut().find(|l| l.outcome == outcome) {
        Some(l) => l.pay = pay,
        None => t.lines.push(Line { outcome: outcome.to_string(), pay }),
    }
    t
}

/// A closed interval of the house edge (or payback): the values that print as a published
/// figure at its precision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub low: BigRational,
    pub high: BigRational,
}

impl Window {
    /// The values that round (half away from zero) to `printed` at `places` decimal places of a
    /// percentage: [printed − half a unit, printed + half a unit], with the upper end excluded in
    /// rounding but kept here (the difference is a single rational value).
    pub fn around_percent(printed: &BigRational, places: usize) -> Window {
        let half_unit = BigRational::new(BigInt::one(), BigInt::from(2) * BigInt::from(10).pow(places as u32 + 2));
        Window { low: printed - &half_unit, high: printed + half_unit }
    }

    pub fn contains(&self, x: &BigRational) -> bool {
        &self.low <= x && x <= &self.high
    }
}

/// One single-line change that brings a figure into its window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub outcome: String,
    pub from: Option<Pay>,
    pub to: Pay,
    pub analysis: Analysis,
}

/// Every change of one line to a whole-number "n to 1" pay (1 ≤ n ≤ `max_pay`, at most
/// [`MAX_PAY`]), to a push or to
/// "n/a" (no pay) that puts `figure(analysis)` inside `window`. Lines that pay from a meter are
/// left alone.
pub fn single_line_fixes(
    counts: &OutcomeCounts,
    table: &Paytable,
    window: &Window,
    figure: impl Fn(&Analysis) -> BigRational,
    max_pay: u64,
) -> Result<Vec<Fix>, AnalysisError> {
    let base = analyze(counts, table)?;
    let mut fixes = Vec::new();
    for (outcome, n) in counts.rows() {
        if *n == 0 {
            continue;
        }
        let current = table.pay(outcome).cloned();
        let mut candidates: Vec<Pay> = vec![Pay::Push, Pay::NotAvailable];
        // The figure is linear in this line's net pay x: figure(x) = f0 + slope · (x − x0).
        let p = probability(counts, outcome).unwrap();
        let x0 = net_of(table, outcome)?;
        let f0 = figure(&base);
        let slope = {
            let moved = analyze(counts, &with_pay(table, outcome, Pay::To(&x0 + BigRational::one())))?;
            figure(&moved) - &f0
        };
        debug_assert!(slope.abs() == p);
        if !slope.is_zero() {
            // Whole-number pays x with low ≤ f0 + slope·(x − x0) ≤ high.
            let a = &x0 + (&window.low - &f0) / &slope;
            let b = &x0 + (&window.high - &f0) / &slope;
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            // Zero to one is a push, already a candidate.
            let first = lo.ceil().to_integer().max(BigInt::one());
            let last = hi.floor().to_integer().min(BigInt::from(max_pay.min(MAX_PAY)));
            let mut x = first;
            while x <= last {
                candidates.push(Pay::To(BigRational::from_integer(x.clone())));
                x += 1;
            }
        }
        for to in candidates {
            if Some(&to) == current.as_ref() {
                continue;
            }
            let a = analyze(counts, &with_pay(table, outcome, to.clone()))?;
            if window.contains(&figure(&a)) {
                fixes.push(Fix { outcome: outcome.clone(), from: current.clone(), to, analysis: a });
            }
        }
    }
    Ok(fixes)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// A die: six outcomes, one each.
    pub(crate) fn die() -> OutcomeCounts {
        OutcomeCounts::new(6, (1..=6).map(|i| (format!("f{i}"), 1)).collect()).unwrap()
    }

    fn table(lines: &[(&str, &str)]) -> Paytable {
        Paytable { id: "t".into(), lines: lines.iter().map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect() }
    }

    #[test]
    fn solve_a_line_in_closed_form() {
        // Six pays 4 to 1, the rest lose: net = (4 - 5)/6, edge 1/6. For edge 0 the six must pay
        // 5 to 1; for edge -1/6 (player advantage), 6 to 1.
        let t = table(&[("f6", "4 to 1")]);
        assert_eq!(solve_line(&die(), &t, "f6", &r(0, 1)).unwrap(), Some(r(5, 1)));
        assert_eq!(solve_line(&die(), &t, "f6", &r(-1, 6)).unwrap(), Some(r(6, 1)));
        assert_eq!(sensitivity(&die(), "f6"), Some(r(-1, 6)));
    }

    #[test]
    fn single_line_fixes_find_every_whole_pay_in_the_window() {
        // The six pays 3 to 1, the rest lose: edge (5 - 3)/6 = 1/3. Window [0, 1/6]: the six may
        // pay 4 or 5 to 1 (edge 1/6 or 0); or face one may push (edge 1/6) or pay 1 to 1 (edge 0),
        // but not 2 to 1 (edge -1/6).
        let t = table(&[("f6", "3 to 1")]);
        let w = Window { low: r(0, 1), high: r(1, 6) };
        let fixes = single_line_fixes(&die(), &t, &w, |a| a.house_edge.clone(), 1000).unwrap();
        let six: Vec<String> = fixes.iter().filter(|f| f.outcome == "f6").map(|f| f.to.to_string()).collect();
        assert_eq!(six, ["4 to 1", "5 to 1"]);
        let one: Vec<String> = fixes.iter().filter(|f| f.outcome == "f1").map(|f| f.to.to_string()).collect();
        assert_eq!(one, ["Push", "1 to 1"]);
    }

    #[test]
    fn windows_around_a_printed_percentage() {
        let w = Window::around_percent(&r(797, 10_000), 2);
        assert!(w.contains(&r(7_965, 100_000)) && w.contains(&r(7_975, 100_000)));
        assert!(!w.contains(&r(7_976, 100_000)));
    }
}
