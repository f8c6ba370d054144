use std::fmt;
use std::str::FromStr;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// A pay in the regulation's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pay {
    /// "a to b": a win of a/b per unit, stake returned.
    To(BigRational),
    /// "a for b": a/b returned per unit, stake included.
    For(BigRational),
    /// "Push": the stake is returned.
    Push,
    /// "n/a": the line exists on the printed table but pays nothing (the wager loses).
    NotAvailable,
    /// "loses": the outcome loses the wager, as an outcome without a line does, written out
    /// (a `--pays` table names every outcome, the losing ones as `OUTCOME=loses`).
    Loses,
    /// "p% of meter": a share of a progressive meter.
    PercentOfMeter(BigRational),
    /// "$n": a fixed amount in dollars, for a stated wager size.
    Dollars(BigRational),
    /// "$n/p% of meter": a fixed amount and a share of the meter.
    DollarsAndMeter(BigRational, BigRational),
}

impl Pay {
    /// Net result per unit wagered, if it is fixed by the pay alone.
    pub fn net(&self) -> Option<BigRational> {
        match self {
            Pay::To(r) => Some(r.clone()),
            Pay::For(r) => Some(r - BigRational::one()),
            Pay::Push => Some(BigRational::from_integer(0.into())),
            Pay::NotAvailable | Pay::Loses => Some(-BigRational::one()),
            Pay::PercentOfMeter(_) | Pay::Dollars(_) | Pay::DollarsAndMeter(..) => None,
        }
    }
}

/// Why a pay string was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayParseError {
    pub input: String,
    pub reason: String,
}

impl fmt::Display for PayParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read pay {:?}: {} (expected \"a to b\", \"a for b\", \"Push\", \"n/a\", \"loses\", \"p% of meter\" or \"$n\")",
            self.input, self.reason
        )
    }
}

impl std::error::Error for PayParseError {}

/// A non-negative decimal amount such as `8`, `1,000` or `2.5`. A comma only separates
/// thousands, in groups of three after the first (`1,000,000`): `1,0000` or `10,00` would
/// otherwise read as a number the writer may not have meant (10000, 1000), so they are refused
/// with the ways to write it.
fn amount(text: &str) -> Result<BigRational, String> {
    let text = text.trim();
    let t = text.replace(',', "");
    if text.contains(',') {
        let (int, frac) = text.split_once('.').unwrap_or((text, ""));
        let groups: Vec<&str> = int.split(',').collect();
        let grouped = !frac.contains(',') && (1..=3).contains(&groups[0].len()) && groups[1..].iter().all(|g| g.len() == 3);
        if !grouped {
            let digits = t.chars().all(|c| c.is_ascii_digit() || c == '.');
            let meant = match thousands(&t) {
                _ if !digits || t.is_empty() => String::new(),
                Some(grouped) => format!(": write {t} or {grouped}"),
                None => format!(": write {t}"),
            };
            return Err(format!("{text:?}: a comma only separates thousands, in groups of three digits (1,000 or 1,000,000){meant}; a fraction takes a point (2.5)"));
        }
    }
    if t.is_empty() {
        return Err("missing amount".into());
    }
    let (int, frac) = t.split_once('.').unwrap_or((&t, ""));
    if !int.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) || int.is_empty() {
        return Err(format!("{text:?} is not a non-negative number"));
    }
    if t.len() > 30 {
        return Err(format!("{text:?} is too large to be a pay"));
    }
    let digits: BigInt = format!("{int}{frac}").parse().unwrap();
    Ok(BigRational::new(digits, BigInt::from(10).pow(frac.len() as u32)))
}

/// `digits` (a whole number, maybe with a fraction) with commas every three digits, if it has
/// more than three before the point.
fn thousands(digits: &str) -> Option<String> {
    let (int, frac) = digits.split_once('.').map_or((digits, None), |(i, f)| (i, Some(f)));
    let int = int.trim_start_matches('0');
    if int.len() <= 3 {
        return None;
    }
    let mut out = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    Some(frac.map_or(out.clone(), |f| format!("{out}.{f}")))
}

impl FromStr for Pay {
    type Err = PayParseError;

    fn from_str(s: &str) -> Result<Pay, PayParseError> {
        let err = |reason: String| PayParseError { input: s.to_string(), reason };
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        if lower == "push" {
            return Ok(Pay::Push);
        }
        if lower == "n/a" {
            return Ok(Pay::NotAvailable);
        }
        if lower == "loses" {
            return Ok(Pay::Loses);
        }
        if let (Some(d), Some((_, p))) = (t.strip_prefix('$'), lower.split_once('/')) {
            let d = d.split_once('/').map_or(d, |x| x.0);
            let Pay::PercentOfMeter(p) = p.parse::<Pay>()? else {
                return Err(err("after the slash comes a share of the meter, like \"$5000/10% of meter\"".into()));
            };
            return Ok(Pay::DollarsAndMeter(amount(d).map_err(err)?, p));
        }
        if let Some(p) = lower.strip_suffix("% of meter") {
            let p = amount(p).map_err(err)?;
            if p > BigRational::from_integer(100.into()) {
                return Err(err("more than 100% of the meter".into()));
            }
            return Ok(Pay::PercentOfMeter(p / BigRational::from_integer(100.into())));
        }
        if let Some(d) = t.strip_prefix('$') {
            return amount(d).map(Pay::Dollars).map_err(err);
        }
        for (word, make) in [(" to ", Pay::To as fn(BigRational) -> Pay), (" for ", Pay::For)] {
            if let Some((a, b)) = lower.split_once(word) {
                let (a, b) = (amount(a).map_err(err)?, amount(b).map_err(err)?);
                if b == BigRational::from_integer(0.into()) {
                    return Err(err("the second number is zero".into()));
                }
                let ratio = a / b;
                if ratio > BigRational::from_integer(crate::MAX_PAY.into()) {
                    return Err(err(format!("too large: pays are limited to {} to 1", crate::MAX_PAY)));
                }
                return Ok(make(ratio));
            }
        }
        Err(err("unrecognised form".into()))
    }
}

/// `r` as a plain decimal ("12.5", "7.50" with `min_places` 2), exact when its denominator has
/// no prime factor but 2 and 5, as every amount read from a table has; otherwise `None`.
pub fn exact_decimal(r: &BigRational, min_places: usize) -> Option<String> {
    let mut d = r.denom().clone();
    // 10 = 2 · 5: the places needed are the larger power of 2 or 5 in the denominator.
    let (mut twos, mut fives) = (0usize, 0usize);
    while (&d % 2u32).is_zero() {
        d /= 2u32;
        twos += 1;
    }
    while (&d % 5u32).is_zero() {
        d /= 5u32;
        fives += 1;
    }
    if !d.is_one() {
        return None;
    }
    let places = twos.max(fives).max(min_places);
    let scaled = (r * BigRational::from_integer(BigInt::from(10).pow(places as u32))).to_integer();
    let (sign, digits) = if scaled.is_negative() { ("-", (-scaled).to_string()) } else { ("", scaled.to_string()) };
    if places == 0 {
        return Some(format!("{sign}{digits}"));
    }
    let digits = format!("{digits:0>width$}", width = places + 1);
    let (int, frac) = digits.split_at(digits.len() - places);
    Some(format!("{sign}{int}.{frac}"))
}

/// An amount as the regulation prints one: whole numbers plain, fractions as decimals ("7.50"
/// for dollars, "12.5" for a share), and a fraction that no decimal writes exactly (never read
/// from a table, only computed) to six places.
fn amount_text(r: &BigRational, dollars: bool) -> String {
    if r.is_integer() {
        return r.numer().to_string();
    }
    let min = if dollars { 2 } else { 0 };
    exact_decimal(r, min).unwrap_or_else(|| crate::Decimal(r).with_places(6))
}

impl fmt::Display for Pay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let percent = |p: &BigRational| amount_text(&(p * BigRational::from_integer(100.into())), false);
        match self {
            // Odds keep the regulation's "a to b" form: "3 to 2", never "1.5 to 1".
            Pay::To(r) => write!(f, "{} to {}", r.numer(), r.denom()),
            Pay::For(r) => write!(f, "{} for {}", r.numer(), r.denom()),
            Pay::Push => f.write_str("Push"),
            Pay::NotAvailable => f.write_str("n/a"),
            Pay::Loses => f.write_str("loses"),
            Pay::PercentOfMeter(p) => write!(f, "{}% of meter", percent(p)),
            Pay::Dollars(d) => write!(f, "${}", amount_text(d, true)),
            Pay::DollarsAndMeter(d, p) => write!(f, "${}/{}% of meter", amount_text(d, true), percent(p)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_regulation_forms() {
        let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        assert_eq!("8 to 1".parse::<Pay>().unwrap(), Pay::To(r(8, 1)));
        assert_eq!("1,000 to 1".parse::<Pay>().unwrap(), Pay::To(r(1000, 1)));
        assert_eq!("3 to 2".parse::<Pay>().unwrap(), Pay::To(r(3, 2)));
        assert_eq!("1 to 2".parse::<Pay>().unwrap(), Pay::To(r(1, 2)));
        assert_eq!("250 for 1".parse::<Pay>().unwrap(), Pay::For(r(250, 1)));
        assert_eq!("Push".parse::<Pay>().unwrap(), Pay::Push);
        assert_eq!("N/A".parse::<Pay>().unwrap(), Pay::NotAvailable);
        assert_eq!("10% of meter".parse::<Pay>().unwrap(), Pay::PercentOfMeter(r(1, 10)));
        assert_eq!("$1,000".parse::<Pay>().unwrap(), Pay::Dollars(r(1000, 1)));
        assert_eq!("$7.50".parse::<Pay>().unwrap(), Pay::Dollars(r(15, 2)));
        assert_eq!("$5,000/20% of meter".parse::<Pay>().unwrap(), Pay::DollarsAndMeter(r(5000, 1), r(1, 5)));
        assert_eq!("1000000 to 1".parse::<Pay>().unwrap(), Pay::To(r(1_000_000, 1)));
        // Printed back in the same words, so the text parses back to the same pay.
        for p in ["8 to 1", "3 to 2", "250 for 1", "Push", "n/a", "10% of meter", "12.5% of meter", "$1000", "$7.50", "$0.25", "$5000/10% of meter", "$2.50/12.5% of meter"] {
            let pay: Pay = p.parse().unwrap();
            assert_eq!(pay.to_string(), p);
            assert_eq!(pay.to_string().parse::<Pay>().unwrap(), pay, "{p}");
        }
        // Other spellings print in the canonical words.
        assert_eq!("$7.5".parse::<Pay>().unwrap().to_string(), "$7.50");
        assert_eq!("2.5 to 1".parse::<Pay>().unwrap().to_string(), "5 to 2");
        assert_eq!("1,000 to 1".parse::<Pay>().unwrap().to_string(), "1000 to 1");
    }

    #[test]
    fn loses_is_a_pay_that_loses() {
        let p: Pay = "loses".parse().unwrap();
        assert_eq!(p.net(), Some(-BigRational::one()));
        assert_eq!(p.to_string(), "loses");
        assert_eq!("Loses".parse::<Pay>().unwrap(), p);
    }

    #[test]
    fn a_comma_only_separates_thousands() {
        let r = |n: i64| Pay::To(BigRational::from_integer(n.into()));
        assert_eq!("1,000,000 to 1".parse::<Pay>().unwrap(), r(1_000_000));
        assert_eq!("12,500 to 1".parse::<Pay>().unwrap(), r(12_500));
        assert_eq!("$1,000,000".parse::<Pay>().unwrap(), Pay::Dollars(BigRational::from_integer(1_000_000.into())));
        // Each says how to write the number meant.
        for (bad, hint) in [("1,0000 to 1", "10000"), ("10,00 to 1", "1000"), (",100 to 1", "100"), ("100, to 1", "100"), ("1,000.5,0 to 1", "groups of three"), ("1,,000 to 1", "1000")] {
            let e = bad.parse::<Pay>().unwrap_err().to_string();
            assert!(e.contains("groups of three") && e.contains(hint), "{bad}: {e}");
        }
    }

    #[test]
    fn rejects_nonsense() {
        for bad in ["", "8", "-8 to 1", "8 to 0", "eight to one", "120% of meter", "8 to 1 to 1", "1e9 to 1", "$5/6", "$5/120% of meter", "99999999999999999999999999999999 to 1", "1000001 to 1", "9223372036854775809 to 1", "2000001 for 2"] {
            assert!(bad.parse::<Pay>().is_err(), "{bad:?}");
        }
    }
}
