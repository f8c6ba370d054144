//! The Saigon 5 Card Ante solver against independent code: a card-by-card brute force over every
//! (player hand, dealer hand) pair of small decks, which sets hands by trying every three-card
//! hand and every joker value directly and values every setting against every dealer hand; and
//! a direct enumeration of all C(53, 5) hands of the real deck for the qualifying hands.

use std::collections::{BTreeMap, HashMap};

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_cards::binomial;
use parsheet_games::strategy::find_strategy;
use parsheet_games::strategy::saigon::{point_set_distribution, solve_deck, HouseWay, WinPays, FULL_DECK, WIN, WIN_POINT_5};

/// 680a.12(a)-(b): 1 to 1, and 1 to 2 on a Point Count of 5.
const STATUTORY: WinPays = WinPays { other: (1, 1), five: (1, 2) };

/// A card: its value 1-10, or 0 for the joker.
const JOKER: u32 = 0;

/// The cards of a deck composition (index v - 1 value v, index 10 jokers).
fn cards_of(deck: &[u64; 11]) -> Vec<u32> {
    let mut cards = Vec::new();
    for (i, &k) in deck.iter().enumerate() {
        let v = if i == 10 { JOKER } else { i as u32 + 1 };
        cards.extend(std::iter::repeat_n(v, k as usize));
    }
    cards
}

/// Every way to set a five-card hand with a qualifying three-card hand: the showdown Point Count
/// of each (three-card hand, joker values) choice, one entry per choice.
fn qualifying_settings(hand: &[u32; 5]) -> Vec<u32> {
    let jokers: Vec<usize> = (0..5).filter(|&i| hand[i] == JOKER).collect();
    let mut out = Vec::new();
    for a in 0..5 {
        for b in a + 1..5 {
            for c in b + 1..5 {
                let pair: Vec<usize> = (0..5).filter(|&i| i != a && i != b && i != c).collect();
                // Every value of every joker in the hand.
                for code in 0..3usize.pow(jokers.len() as u32) {
                    let mut v = *hand;
                    let mut rest = code;
                    for &j in &jokers {
                        v[j] = [3, 6, 9][rest % 3];
                        rest /= 3;
                    }
                    let three = v[a] + v[b] + v[c];
                    if three == 10 || three == 20 || three == 30 {
                        let mut point = v[pair[0]] + v[pair[1]];
                        if point > 10 {
                            point -= 10;
                        }
                        out.push(point);
                    }
                }
            }
        }
    }
    out
}

/// The dealer's Point Count under the house way, or None when the hand does not qualify.
fn dealer_point(hand: &[u32; 5], highest: bool) -> Option<u32> {
    let s = qualifying_settings(hand);
    if highest {
        s.into_iter().max()
    } else {
        s.into_iter().min()
    }
}

/// Twice the player's net on one setting (None: not qualified) against a dealer Point Count.
/// Twice the Ante's net when a point of 5 wins `five` halves (1: 1 to 2, as 680a.12(b)).
fn twice_net(player: Option<u32>, dealer: Option<u32>, five: i64) -> i64 {
    match (player, dealer) {
        (None, None) => 0,
        (None, Some(_)) => -2,
        (Some(p), d) if d.is_none_or(|d| p > d) => {
            if p == 5 {
                five
            } else {
                2
            }
        }
        (Some(p), Some(d)) if p == d => 0,
        _ => -2,
    }
}

#[derive(Default, Debug, PartialEq, Eq)]
struct Brute {
    twice_net: i64,
    deals: u64,
    win: u64,
    win5: u64,
    push: u64,
    lose: u64,
    /// Deals where both qualify with equal Point Counts.
    ties: u64,
    /// Player hands with several qualifying settings, and with several Point Counts.
    several_settings: u64,
    several_points: u64,
}

fn combos5(n: usize) -> Vec<[usize; 5]> {
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        out.push([a, b, c, d, e]);
                    }
                }
            }
        }
    }
    out
}

fn brute_force(deck: &[u64; 11], highest: bool, five: i64) -> Brute {
    let cards = cards_of(deck);
    let hands = combos5(cards.len());
    let values = |h: &[usize; 5]| h.map(|i| cards[i]);
    let bits = |h: &[usize; 5]| h.iter().fold(0u64, |m, &i| m | 1 << i);
    let dealer: Vec<(u64, Option<u32>)> = hands.iter().map(|h| (bits(h), dealer_point(&values(h), highest))).collect();
    let mut r = Brute::default();
    for h in &hands {
        let mine = bits(h);
        let settings = qualifying_settings(&values(h));
        let options: Vec<Option<u32>> = if settings.is_empty() { vec![None] } else { settings.iter().map(|&p| Some(p)).collect() };
        if settings.len() > 1 {
            r.several_settings += 1;
        }
        if settings.iter().any(|&p| p != settings[0]) {
            r.several_points += 1;
        }
        // Value every setting against every dealer hand from the other cards.
        let against: Vec<Option<u32>> = dealer.iter().filter(|d| d.0 & mine == 0).map(|d| d.1).collect();
        let value = |o: Option<u32>| against.iter().map(|&d| twice_net(o, d, five)).sum::<i64>();
        let best = options.iter().copied().max_by_key(|&o| (value(o), o)).unwrap();
        r.twice_net += value(best);
        r.deals += against.len() as u64;
        for &d in &against {
            match (twice_net(best, d, five), best) {
                (n, Some(5)) if n > 0 => r.win5 += 1,
                (n, _) if n > 0 => r.win += 1,
                (0, _) => {
                    r.push += 1;
                    if best.is_some() && d.is_some() {
                        r.ties += 1;
                    }
                }
                _ => r.lose += 1,
            }
        }
    }
    r
}

fn check_against_brute_force(deck: &[u64; 11]) {
    let n: u64 = deck.iter().sum();
    let mut results = Vec::new();
    for (highest, way) in [(true, HouseWay::HighestPoint), (false, HouseWay::LowestPoint)] {
        let b = brute_force(deck, highest, 1);
        assert_eq!(b.deals as u128, (binomial(n, 5) * binomial(n - 5, 5)) as u128);
        // The deck exercises every rule: the 1-to-2 pay, ties, choices of setting and of point.
        assert!(b.win5 > 0 && b.ties > 0 && b.several_settings > 0 && b.several_points > 0, "{deck:?}: {b:?}");
        let s = solve_deck(deck, way, STATUTORY);
        assert_eq!(s.counts.cycle(), b.deals as u128);
        assert_eq!(s.expected_net, BigRational::new(BigInt::from(b.twice_net), BigInt::from(2 * b.deals)), "{deck:?} {way:?}");
        assert_eq!(s.counts.get(WIN), Some(b.win as u128), "{deck:?} {way:?}");
        assert_eq!(s.counts.get(WIN_POINT_5), Some(b.win5 as u128), "{deck:?} {way:?}");
        assert_eq!(s.counts.get("push"), Some(b.push as u128), "{deck:?} {way:?}");
        assert_eq!(s.counts.get("lose"), Some(b.lose as u128), "{deck:?} {way:?}");
        results.push(b.twice_net);
    }
    // The house way matters on this deck, and the highest point is the worse for the player.
    assert!(results[0] < results[1], "{deck:?}: {results:?}");
    // A designer's table that pays a point of 5 at 3 to 1 changes the player's choices; the
    // solver plays the pays it is given.
    let b = brute_force(deck, true, 6);
    let s = solve_deck(deck, HouseWay::HighestPoint, WinPays { other: (1, 1), five: (3, 1) });
    assert_eq!(s.expected_net, BigRational::new(BigInt::from(b.twice_net), BigInt::from(2 * b.deals)), "{deck:?} at 3 to 1");
    assert_eq!(s.counts.get(WIN_POINT_5), Some(b.win5 as u128));
}

#[test]
fn solver_equals_brute_force_on_an_eighteen_card_deck() {
    // A 1 1 2 3 4 4 5 5 6 7 7 8 9 9 10 10 10 and the joker.
    check_against_brute_force(&[2, 1, 1, 2, 2, 1, 2, 1, 2, 3, 1]);
}

#[test]
fn solver_equals_brute_force_on_a_two_joker_deck() {
    // The solver takes any composition; two jokers exercise independent joker values.
    check_against_brute_force(&[1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 2]);
}

/// The set of Point Counts each hand of the real deck reaches, by direct enumeration of all
/// C(53, 5) hands of cards, against the solver's grouping by value multisets.
#[test]
fn qualifying_hands_of_the_full_deck_by_direct_enumeration() {
    let cards = cards_of(&FULL_DECK);
    assert_eq!(cards.len(), 53);
    let mut by_set: BTreeMap<u16, u128> = BTreeMap::new();
    let mut qualifying = 0u128;
    let mut memo: HashMap<[u32; 5], u16> = HashMap::new();
    for h in combos5(53) {
        let mut v = h.map(|i| cards[i]);
        v.sort();
        let set = *memo.entry(v).or_insert_with(|| qualifying_settings(&v).iter().fold(0u16, |m, &p| m | 1 << p));
        *by_set.entry(set).or_default() += 1;
        qualifying += (set != 0) as u128;
    }
    let total: u128 = by_set.values().sum();
    assert_eq!(total, 2_869_685);
    let solver: BTreeMap<u16, u128> = point_set_distribution(&FULL_DECK).into_iter().collect();
    assert_eq!(solver, by_set);
    println!("qualifying five-card hands: {qualifying} of {total}");
}

fn decimal(r: &BigRational, places: usize) -> String {
    let scale = BigInt::from(10u32).pow(places as u32);
    let x = r * BigRational::from_integer(scale.clone());
    let neg = x < BigRational::from_integer(0.into());
    let ax = if neg { -x } else { x };
    let n = ((ax + BigRational::new(1.into(), 2.into())).floor()).to_integer();
    let (i, f) = (&n / &scale, &n % &scale);
    format!("{}{}.{:0>places$}", if neg { "-" } else { "" }, i, f.to_string())
}

fn statutory_table() -> parsheet_paytable::Paytable {
    use parsheet_paytable::{Line, Paytable};
    let line = |o: &str, p: &str| Line { outcome: o.to_string(), pay: p.parse().unwrap() };
    Paytable { id: "680a.12(a)-(b)".into(), lines: vec![line(WIN, "1 to 1"), line(WIN_POINT_5, "1 to 2")] }
}

#[test]
fn full_game_counts_every_deal_under_both_house_ways() {
    let game = find_strategy("saigon-5-card").unwrap();
    let mut edges = Vec::new();
    for v in game.variants {
        let t = std::time::Instant::now();
        let s = game.solve(Some(v.id), Some(&statutory_table())).unwrap();
        let took = t.elapsed();
        assert_eq!(s.counts.cycle(), 2_869_685u128 * 1_712_304);
        assert_eq!(s.expected_wager, BigRational::from_integer(1.into()));
        assert!(s.strategy.iter().all(|d| d.options.len() > 1));
        println!("{} ({took:?}): house edge {} = {}%", v.id, s.house_edge(), decimal(&(s.house_edge() * BigRational::from_integer(100.into())), 6));
        for (o, c) in s.counts.rows() {
            println!("  {o}: {c}");
        }
        for d in &s.strategy {
            let opts: Vec<String> = d.options.iter().map(|(o, e)| format!("{o} {} ({})", decimal(e, 6), e)).collect();
            println!("  {} -> {} [{}] deals {}", d.situation, d.choice, opts.join(", "), d.deals);
        }
        edges.push(s.house_edge());
    }
    // The highest Point Count is the house way worst for the player.
    assert!(edges[0] > edges[1]);
}
