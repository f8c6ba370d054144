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
use parsheet_cards::binomial;
use parsheet_paytable::Paytable;

use crate::{OutcomeCounts, Variant};

pub mod dj_wild;
pub mod face_up_pai_gow;
pub mod heads_up;
pub mod high_card_flush;
pub mod saigon;

/// The net per unit of `outcome` in a main game's paytable as `(numerator, denominator)`, small
/// enough (below 2^40) that sums over every deal stay inside `i128`. An outcome without a line
/// loses, as in every analysis; a pay with no fixed net result (a meter) is refused.
fn line_net(table: &Paytable, outcome: &str) -> Result<(i128, i128), String> {
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
    solve: Solver,
}

/// How a game's solution depends on pays.
enum Solver {
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

pub static STRATEGY_GAMES: &[StrategyGame] = &[
StrategyGame {
    game: "over-under",
    title: "Over/Under: Ante with Over 23, Under 18 or surrender",
    rules: "686a.3, 686a.7(e)-(k), 686a.8(a)",
    deal: "one card from six decks (312 cards), the decision, then two more cards; aces 11, tens and faces 10",
    variants: &[
        Variant {
            id: "opposite-range-loses",
            description: "an Over 23 bet loses on 6-17 and an Under 18 bet on 24-33 (686a.7 says only when they win and that both lose on 18-23)",
        },
        Variant { id: "opposite-range-pushes", description: "an Over 23 bet pushes on 6-17 and an Under 18 bet on 24-33" },
    ],
    wager: "base",
    bonus_wager: None,
    solve: Solver::Fixed(over_under),
},
StrategyGame {
    game: "dj-wild",
    title: "DJ Wild Stud Poker: Ante, Blind and Raise",
    rules: "687a.6, 687a.11(b), 687a.11(e), 687a.12(a)-(b)",
    deal: "five cards each to player and dealer from 52 cards and a joker; deuces and the joker wild; no dealer qualifier",
    variants: &[Variant {
        id: "as-written",
        description: "five of a kind ranks between royal flush and straight flush, as in the pay tables (687a.6(c) omits it); equal hands tie with or without wild cards",
    }],
    wager: "blind",
    bonus_wager: None,
    solve: Solver::Paid(dj_wild::solve),
},
StrategyGame {
    game: "saigon-5-card",
    title: "Saigon 5 Card: Ante",
    rules: "680a.6(a)-(b), 680a.11(b)-(d), 680a.12(a)-(b)",
    deal: "five cards each to the player and the dealer from one deck and a joker (53 cards); aces 1, tens and faces 10, the joker 3, 6 or 9",
    variants: &[
        Variant {
            id: "house-highest-point",
            description: "a dealer hand that qualifies with several Point Counts (joker values) is set to the highest (the house way is not in 680a; the bound worst for the player)",
        },
        Variant { id: "house-lowest-point", description: "such a dealer hand is set to the lowest Point Count (the bound best for the player)" },
    ],
    wager: "base",
    bonus_wager: None,
    solve: Solver::Paid(saigon::solve),
},
StrategyGame {
    game: "high-card-flush",
    title: "High Card Flush: Ante with Raise or fold",
    rules: "678a.6, 678a.11(b)-(d), 678a.12(a)",
    deal: "seven cards each to the player and the dealer from one 52-card deck; the player folds or raises before the dealer's cards are turned",
    variants: &[Variant {
        id: "as-written",
        description: "raise 1x with a 2- to 4-card flush, up to 2x with a 5-card, up to 3x with a 6- or 7-card flush; the dealer qualifies with a 3-card flush nine high",
    }],
    wager: "base",
    bonus_wager: None,
    solve: Solver::Fixed(high_card_flush::solve),
},
StrategyGame {
    game: "face-up-pai-gow",
    title: "Face Up Pai Gow Poker: the Face Up Pai Gow Poker Wager against the exposed dealer hands",
    rules: "688a.6, 688a.11(a)-(f), 688a.12(a)",
    deal: "seven cards each to the dealer and the player from 52 cards and a joker; the dealer sets by the house way and exposes both hands, then the player sets",
    variants: &[
        Variant { id: "optimal-player", description: "the player sets his hands to do best against the dealer's exposed high and low hands (688a.11(b))" },
        Variant { id: "house-way-player", description: "the player sets his hands by the house way, as the dealer would (688a.11(b)(1))" },
    ],
    wager: "base",
    bonus_wager: None,
    solve: Solver::HouseWay,
},
StrategyGame {
    game: "heads-up-holdem",
    title: "World Poker Tour Heads-Up Hold 'Em: Ante and Odds with Raise pre-flop, on the flop or at the river",
    rules: "677a.7(d)(1), 677a.11(b)-(h), 677a.12(a)-(c)",
    deal: "two cards each to the player and the dealer and five community cards from one 52-card deck; raise up to 3x before the flop, up to 2x after it, 1x or fold after the river",
    variants: &[
        Variant {
            id: "odds-push-below-pair",
            description: "a win with less than a pair (the dealer does not qualify either) pushes the Odds: 677a.11(h)(1)(i) pays a winning Odds by 677a.12(b), whose lines below a straight all push, and which has no high-card line",
        },
        Variant {
            id: "odds-lose-below-pair",
            description: "a win with less than a pair loses the Odds, as a hand without a paytable line does elsewhere (the bound least favourable to the player; the text says the winning Odds is paid)",
        },
    ],
    wager: "odds",
    bonus_wager: Some("bad-beat"),
    solve: Solver::PaidWithBonus(heads_up::solve),
},
];

/// The strategy game answering the published figures of `game`'s `wager`, if any.
pub fn strategy_of_wager(game: &str, wager: &str) -> Option<&'static StrategyGame> {
    STRATEGY_GAMES.iter().find(|g| g.game == game && g.wager == wager)
}

/// Looks up a strategy game; the error lists those parsheet solves.
pub fn find_strategy(game: &str) -> Result<&'static StrategyGame, String> {
    STRATEGY_GAMES.iter().find(|g| g.game == game).ok_or_else(|| {
        let ids: Vec<&str> = STRATEGY_GAMES.iter().map(|g| g.game).collect();
        format!("parsheet does not solve a strategy for {game:?} yet; it solves: {}", ids.join(", "))
    })
}

pub(crate) fn ratio(n: i128, d: u128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// Over/Under (686a): six decks; the first card is seen, then the player surrenders the Ante or
/// adds an equal Over 23 or Under 18 wager; two more cards make a total of 6 to 33 (aces 11,
/// tens and faces 10). Both wagers win 1 to 1 in the chosen range and lose on 18-23.
fn over_under(variant: &str) -> Solution {
    over_under_shoe(6, variant == "opposite-range-loses")
}

/// Over/Under from a shoe of `decks` decks (the game uses six; fewer decks let tests check the
/// solver against a card-by-card brute force).
pub fn over_under_shoe(decks: u64, opposite_loses: bool) -> Solution {
    // Cards by point value 2..=11.
    let mut per_value = [0u64; 12];
    for v in 2..=9 {
        per_value[v] = 4 * decks;
    }
    per_value[10] = 16 * decks;
    per_value[11] = 4 * decks;
    let shoe = 52 * decks;
    let (mut win, mut lose, mut push, mut surrender) = (0u128, 0u128, 0u128, 0u128);
    let mut strategy = Vec::new();
    let pairs_after_first = binomial(shoe - 1, 2) as u128;
    for first in 2..=11usize {
        let mut left = per_value;
        left[first] -= 1;
        // Deals of the next two cards by total of all three.
        let mut by_total = [0u128; 34];
        for a in 2..=11usize {
            for b in a..=11usize {
                let ways = if a == b { binomial(left[a], 2) } else { left[a] * left[b] } as u128;
                by_total[first + a + b] += ways;
            }
        }
        debug_assert_eq!(by_total.iter().sum::<u128>(), pairs_after_first);
        let sum = |r: std::ops::RangeInclusive<usize>| r.map(|t| by_total[t]).sum::<u128>();
        let (low, mid, high) = (sum(6..=17), sum(18..=23), sum(24..=33));
        // Net per unit of Ante, both wagers together (2 units at risk).
        let net = |wins: u128, opposite: u128| {
            let losses = mid + if opposite_loses { opposite } else { 0 };
            ratio(2 * wins as i128 - 2 * losses as i128, pairs_after_first)
        };
        let options = vec![("over-23", net(high, low)), ("under-18", net(low, high)), ("surrender", ratio(-1, 1))];
        let best = options.iter().max_by(|a, b| a.1.cmp(&b.1)).unwrap().0;
        let cards_of_first = per_value[first] as u128;
        match best {
            "over-23" => {
                win += cards_of_first * high;
                lose += cards_of_first * (mid + if opposite_loses { low } else { 0 });
                push += cards_of_first * if opposite_loses { 0 } else { low };
            }
            "under-18" => {
                win += cards_of_first * low;
                lose += cards_of_first * (mid + if opposite_loses { high } else { 0 });
                push += cards_of_first * if opposite_loses { 0 } else { high };
            }
            _ => surrender += cards_of_first * pairs_after_first,
        }
        let name = match first {
            10 => "first card 10, J, Q or K (10)".to_string(),
            11 => "first card ace (11)".to_string(),
            v => format!("first card {v}"),
        };
        strategy.push(Decision { situation: name, choice: best, options, deals: cards_of_first * pairs_after_first });
    }
    let cycle = shoe as u128 * pairs_after_first;
    let counts = OutcomeCounts::new(
        cycle,
        vec![("win".into(), win), ("lose".into(), lose), ("push".into(), push), ("surrender".into(), surrender)],
    )
    .expect("every deal counted once");
    let nets: Vec<(String, BigRational)> =
        vec![("win".into(), ratio(2, 1)), ("lose".into(), ratio(-2, 1)), ("push".into(), ratio(0, 1)), ("surrender".into(), ratio(-1, 1))];
    let expected_net = ratio(2 * win as i128 - 2 * lose as i128 - surrender as i128, cycle);
    let expected_wager = ratio((2 * (cycle - surrender) + surrender) as i128, cycle);
    Solution { strategy, counts, nets, expected_net, expected_wager, initial_wager: ratio(1, 1), notes: vec![], actions: vec![] }
}
