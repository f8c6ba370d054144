//! Main games, where the player decides: the optimal strategy by exhaustive enumeration, and the
//! exact results under it.
//!
//! A [`Solution`] holds the strategy as a table a person can read, the outcome counts over the
//! whole cycle of deals under that strategy, and the expected net result and total amount
//! wagered per unit of Ante, from which the house edge (per Ante, or per initial wager where the
//! game requires more than the Ante, as DJ Wild's Blind), the element of risk (per total wagered)
//! and the payback on either basis follow.

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_paytable::Paytable;

use crate::{OutcomeCounts, Variant};

/// The net per unit of `outcome` in a main game's paytable as `(numerator, denominator)`, small
/// enough (below 2^40) that sums over every deal stay inside `i128`. An outcome without a line
/// loses, as in every analysis; a pay with no fixed net result (a meter) is refused.
pub(crate) fn line_net(table: &Paytable, outcome: &str) -> Result<(i128, i128), String> {
    let net = match table.pay(outcome) {
        None => -BigRational::from_integer(1.into()),
        Some(p) => p.net().ok_or_else(|| format!("paytable {}: {outcome} pays {p}, which has no fixed net result", table.id))?,
    };
    let small = |x: &BigInt| i128::try_from(x).ok().filter(|v| v.abs() < 1 << 40);
    match (small(net.numer()), small(net.denom())) {
        (Some(n), Some(d)) => Ok((n, d)),
        _ => Err(format!("paytable {}: the {outcome} pay is too large", table.id)),
    }
}

/// One decision point of a strategy: the situation, the choice, and the value of every option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub situation: String,
    pub choice: &'static str,
    /// (option, expected net per unit of initial wager, exact).
    pub options: Vec<(&'static str, BigRational)>,
    /// Deals in the cycle that reach this decision.
    pub deals: u128,
}

/// A main game solved exactly under its optimal strategy.
#[derive(Clone, Debug)]
pub struct Solution {
    pub strategy: Vec<Decision>,
    pub counts: OutcomeCounts,
    /// Net result of each outcome, per unit of Ante.
    pub nets: Vec<(String, BigRational)>,
    /// Expected net result per unit of Ante.
    pub expected_net: BigRational,
    /// Expected total amount wagered per unit of Ante.
    pub expected_wager: BigRational,
    /// What the player must wager before the deal, in units of Ante (2 in DJ Wild: Ante and
    /// Blind; 1 elsewhere).
    pub initial_wager: BigRational,
    /// What every output of this solution must say (Heads-Up Hold 'Em: "without Bad Beat").
    pub notes: Vec<String>,
    /// Deals per action under the strategy, where the game has more than one decision.
    pub actions: Vec<(String, u128)>,
}

impl Solution {
    /// −expected net per unit of Ante.
    pub fn house_edge(&self) -> BigRational {
        -self.expected_net.clone()
    }

    /// −expected net per unit of the initial (required) wager.
    pub fn house_edge_per_initial_wager(&self) -> BigRational {
        self.house_edge() / &self.initial_wager
    }

    /// −expected net per unit of total amount wagered.
    pub fn element_of_risk(&self) -> BigRational {
        -(&self.expected_net / &self.expected_wager)
    }

    /// Every play some decision offers, as table columns: in order of first appearance, or by
    /// number where all are numbered alike ("point-1" … "point-10").
    pub fn plays(&self) -> Vec<&'static str> {
        let mut plays: Vec<&'static str> = Vec::new();
        for d in &self.strategy {
            for (o, _) in &d.options {
                if !plays.contains(o) {
                    plays.push(o);
                }
            }
        }
        let numbered = |p: &str| p.rsplit_once('-').and_then(|(prefix, n)| Some((prefix.to_string(), n.parse::<u32>().ok()?)));
        let keys: Option<Vec<(String, u32)>> = plays.iter().map(|p| numbered(p)).collect();
        if let Some(keys) = keys.filter(|k| k.iter().all(|(prefix, _)| *prefix == k[0].0)) {
            let mut both: Vec<(u32, &'static str)> = keys.iter().map(|k| k.1).zip(plays).collect();
            both.sort_unstable();
            plays = both.into_iter().map(|b| b.1).collect();
        }
        plays
    }

    /// Amount returned per unit of total amount wagered.
    pub fn payback_per_total_wagered(&self) -> BigRational {
        BigRational::from_integer(1.into()) - self.element_of_risk()
    }
}

/// A main game with a strategy.
pub struct StrategyGame {
    pub game: &'static str,
    pub title: &'static str,
    pub rules: &'static str,
    /// What is dealt, in words.
    pub deal: &'static str,
    pub variants: &'static [Variant],
    /// The wager of `tables/` whose published figures this solution answers: "base" where the
    /// main game has no paytable, else the wager whose paytable the strategy plays (DJ Wild's
    /// "blind").
    pub wager: &'static str,
    /// A second wager whose paytable, where one is supplied, changes the strategy (Heads-Up
    /// Hold 'Em's Bad Beat, whose table 677a.12(c) is missing from the text).
    pub bonus_wager: Option<&'static str>,
    pub(crate) solve: Solver,
}

/// How a game's solution depends on pays.
pub(crate) enum Solver {
    /// Every pay is fixed by the rules.
    Fixed(fn(&str) -> Solution),
    /// The strategy plays the paytable of [`StrategyGame::wager`].
    Paid(fn(&str, &Paytable) -> Result<Solution, String>),
    /// The dealer sets by a house way the caller supplies (Face Up Pai Gow), and the solve is
    /// far too long for a table of figures: callers solve it through its module.
    HouseWay,
    /// The strategy plays the paytable of [`StrategyGame::wager`] and, where one is supplied,
    /// that of [`StrategyGame::bonus_wager`].
    PaidWithBonus(fn(&str, &Paytable, Option<&Paytable>) -> Result<Solution, String>),
}

impl std::fmt::Debug for StrategyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StrategyGame({})", self.game)
    }
}

impl StrategyGame {
    /// Whether [`StrategyGame::solve`] needs the paytable of [`StrategyGame::wager`].
    pub fn needs_paytable(&self) -> bool {
        matches!(self.solve, Solver::Paid(_) | Solver::PaidWithBonus(_))
    }

    /// Whether the game needs a house way ([`face_up_pai_gow`]): its exact solve takes far
    /// longer than every other computation, so `verify` and `report` leave it out unless asked.
    pub fn needs_house_way(&self) -> bool {
        matches!(self.solve, Solver::HouseWay)
    }

    /// Solves under `variant` (the default when `None`), with the paytable of
    /// [`StrategyGame::wager`] where the game has one.
    pub fn solve(&self, variant: Option<&str>, paytable: Option<&Paytable>) -> Result<Solution, String> {
        self.solve_with_bonus(variant, paytable, None)
    }

    /// [`StrategyGame::solve`] with the paytable of [`StrategyGame::bonus_wager`] where one is
    /// supplied (ignored by games without one).
    pub fn solve_with_bonus(&self, variant: Option<&str>, paytable: Option<&Paytable>, bonus: Option<&Paytable>) -> Result<Solution, String> {
        let v = match variant {
            None => self.variants[0].id,
            Some(v) if self.variants.iter().any(|x| x.id == v) => v,
            Some(v) => {
                let known: Vec<&str> = self.variants.iter().map(|x| x.id).collect();
                return Err(format!("unknown variant {v:?} of {}; known variants: {}", self.game, known.join(", ")));
            }
        };
        match (&self.solve, paytable) {
            (Solver::Fixed(solve), _) => Ok(solve(v)),
            (Solver::Paid(solve), Some(p)) => solve(v, p),
            (Solver::HouseWay, _) => Err(format!(
                "the {} main game needs a house way and is not computed here: run `parsheet strategy {} --house-way NAME|FILE` (an exact solve of every deal; see docs/PERFORMANCE.md)",
                self.game, self.game
            )),
            (Solver::PaidWithBonus(solve), Some(p)) => solve(v, p, bonus),
            (Solver::Paid(_) | Solver::PaidWithBonus(_), None) => Err(format!("the {} strategy depends on the {} paytable; name one", self.game, self.wager)),
        }
    }
}

pub(crate) fn ratio(n: i128, d: u128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}
