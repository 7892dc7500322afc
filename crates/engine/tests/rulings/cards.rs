//! Rulings G. Core card effects (`timing-rulings.md`).

use crate::support::*;

/// G.30: 决斗 starts with the target and alternates.
#[test]
fn g30_duel_alternates_starting_with_the_target() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Duel, Slash]);
    seat(&mut s, 1).hand = cards(&[Slash, Slash]);
    let mut c = Check::new(s);
    c.card(0, Duel, &[1]).pass_windows();
    let mut asked = Vec::new();
    while let Some(p) = c
        .game
        .prompts()
        .iter()
        .find(|p| matches!(p.kind, PromptKind::Respond { card: Slash, .. }))
    {
        let seat = p.seat.0;
        asked.push(seat);
        match c.find_card(seat, Slash, &[]) {
            Some(a) => c.act(seat, a),
            None => c.pass(seat),
        };
    }
    assert_eq!(asked, vec![1, 0, 1, 0]);
    assert_eq!((c.hp(0), c.hp(1)), (3, 4));
}

/// G.30: 五谷丰登 — picks go in seat order from the user; unpicked cards are discarded.
#[test]
fn g30_amazing_grace_order_and_leftovers() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[AmazingGrace]);
    seat(&mut s, 0).hand = cards(&[Nullification]);
    s.draw_pile_top = cards(&[Peach, Jink, Duel]);
    let mut c = Check::new(s);
    c.card(1, AmazingGrace, &[]).pass_windows();
    let mut pickers = Vec::new();
    while let Some(p) = c
        .game
        .prompts()
        .iter()
        .find(|p| matches!(p.kind, PromptKind::Pool { .. }))
        .cloned()
    {
        pickers.push(p.seat.0);
        let Choices::Actions { actions } = &p.choices else {
            panic!("pool picks are actions");
        };
        c.act(p.seat.0, actions[0].clone());
        // Seat 0 nullifies its own pick (the window before seat 0's pick).
        if c.is_asked(
            0,
            |k| matches!(k, PromptKind::Nullify { target: Some(t), .. } if t.0 == 0),
        ) {
            c.card(0, Nullification, &[]);
        }
        c.pass_windows();
    }
    assert_eq!(pickers, vec![1, 2]);
    assert!(c.hand(0).is_empty());
    assert_eq!(c.hand(1).len(), 1);
    assert_eq!(c.hand(2).len(), 1);
    // The card nobody took went to the discard pile with the trick.
    assert_eq!(c.game.table().discard_pile.len(), 3);
    assert!(c.game.table().processing.is_empty());
    c.assert_conserved();
}
