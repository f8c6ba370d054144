//! Exact house edges of built-in paytables against arithmetic done here by hand from published
//! or closed-form combination counts.

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_paytable::analyze;
use parsheet_tables::builtin;

fn r(n: i128, d: i128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn edge(game: &str, wager: &str, paytable: &str, variant: Option<&str>) -> BigRational {
    let games = builtin().unwrap();
    let w = games.iter().find(|g| g.game == game).unwrap().wagers.iter().find(|w| w.id == wager).unwrap();
    let table = &w.paytables.iter().find(|p| p.table.id == paytable).unwrap().table;
    let counts = parsheet_games::find(game, wager).unwrap().count(variant).unwrap();
    analyze(&counts, table).unwrap().house_edge
}

#[test]
fn trips_plus_from_the_published_seven_card_counts() {
    // Royal 4,324; straight flush 37,260; quads 224,848; full house 3,473,184; flush 4,047,644;
    // straight 6,180,020; trips 6,461,620; everything else loses.
    let counts: [i128; 7] = [4_324, 37_260, 224_848, 3_473_184, 4_047_644, 6_180_020, 6_461_620];
    let total: i128 = 133_784_560;
    let losers = total - counts.iter().sum::<i128>();
    // Pays (to 1) of 677a.12(e): royal, SF, quads, full house, flush, straight, trips.
    let tables: [(&str, [i128; 7]); 4] = [
        ("A", [100, 40, 30, 9, 7, 4, 3]),
        ("B", [100, 40, 30, 8, 6, 5, 3]),
        ("C", [100, 40, 30, 7, 6, 5, 3]),
        ("D", [100, 40, 30, 8, 7, 4, 3]),
    ];
    for (id, pays) in tables {
        let player_net: i128 = counts.iter().zip(pays).map(|(c, p)| c * p).sum::<i128>() - losers;
        assert_eq!(edge("heads-up-holdem", "trips-plus", id, None), r(-player_net, total), "paytable {id}");
    }
}

#[test]
fn flush_bonus_from_closed_form_counts() {
    // Exactly L cards of one suit: 4 x C(13, L) x C(39, 7 - L), for L = 7, 6, 5, 4.
    let c = |n: i128, k: i128| (0..k).fold(1i128, |acc, i| acc * (n - i) / (i + 1));
    let counts: Vec<i128> = [7, 6, 5, 4].iter().map(|&l| 4 * c(13, l) * c(39, 7 - l)).collect();
    let total = c(52, 7);
    let losers = total - counts.iter().sum::<i128>();
    // 678a.12(b) as adopted: A 300/100/10/1, D 500/50/12/1 (see the table notes).
    for (id, pays) in [("A", [300, 100, 10, 1]), ("D", [500, 50, 12, 1])] {
        let player_net: i128 = counts.iter().zip(pays).map(|(c, p)| c * p).sum::<i128>() - losers;
        assert_eq!(edge("high-card-flush", "flush-bonus", id, None), r(-player_net, total), "paytable {id}");
    }
}

#[test]
fn saigon_bonus_two_pair_share() {
    // Two pair in five cards of 52 + joker: the 123,552 natural ones, plus joker hands with a
    // pair and an ace among the four naturals (12 x 6 x 4 x 11 x 4 = 12,672), plus joker hands
    // with two pairs and no aces (C(12,2) x 36 = 2,376): 138,600 hands paying 8 to 1.
    let with_two_pair_at_8 = edge("saigon-5-card", "bonus", "A", None);
    let counts = parsheet_games::find("saigon-5-card", "bonus").unwrap().count(None).unwrap();
    assert_eq!(counts.get("two-pair"), Some(123_552 + 12_672 + 2_376));
    // Paying two pair 9 to 1 instead moves the edge by exactly 138,600 / 2,869,685.
    let games = builtin().unwrap();
    let mut table = games[0].wagers.iter().find(|w| w.id == "bonus").unwrap().paytables[0].table.clone();
    table.lines.iter_mut().find(|l| l.outcome == "two-pair").unwrap().pay = "9 to 1".parse().unwrap();
    let with_two_pair_at_9 = analyze(&counts, &table).unwrap().house_edge;
    assert_eq!(with_two_pair_at_8 - with_two_pair_at_9, r(138_600, 2_869_685));
}
