//! Rulings D. Damage, dying, death (`timing-rulings.md`).

use crate::support::*;

/// D.18: "when dealing damage" effects (麒麟弓) come before HP is reduced; dying follows at once.
#[test]
fn d18_damage_timings_in_order() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 0).equip = cards(&[KylinBow]);
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).equip = cards(&[Dilu]);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    let dilu = c.game.table().seats[1].equipment().next().unwrap();
    c.act(
        0,
        Action::Pick {
            pick: Pick::Card { card: dilu },
        },
    );
    let at = |pred: &dyn Fn(&Event) -> bool| c.events.iter().position(pred).unwrap();
    let horse_gone = at(&|e| matches!(e, Event::CardsMoved { cards, .. } if cards.contains(&dilu)));
    let damaged = at(&|e| matches!(e, Event::Damaged { .. }));
    let dying = at(&|e| matches!(e, Event::Dying { .. }));
    assert!(horse_gone < damaged && damaged < dying);
}

/// D.19: 桃 is asked from the current seat round the table, the dying one in its place, each
/// once.
#[test]
fn d19_dying_asks_everyone_once_from_the_current_seat() {
    let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 1).equip = cards(&[QinggangSword]);
    seat(&mut s, 3).hp = Some(1);
    let mut c = Check::new(s);
    c.card(1, Slash, &[3]).pass(3);
    assert_eq!(decline_saves(&mut c), vec![1, 2, 3, 0]);
    assert!(!c.alive(3));
}

/// D.19: a seat may give several 桃 one at a time; once it declines it is not asked again.
#[test]
fn d19_several_peaches_and_nobody_asked_twice() {
    // 闪电 takes the lord from 2 to -1 HP: it needs two 桃.
    let mut s = table(&[Lord, Rebel, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).judge = vec![CardSpec::exact(Lightning, Suit::Spade, 1)];
    seat(&mut s, 1).hand = cards(&[Peach, Peach]);
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 9)];
    let mut c = Check::new(s);
    c.pass_windows();
    assert_eq!(c.hp(0), -1);
    c.pass(0).card(1, Peach, &[]);
    assert_eq!(c.hp(0), 0);
    assert!(c.is_asked(1, |k| matches!(k, PromptKind::Save { .. })));
    c.card(1, Peach, &[]);
    assert_eq!(c.hp(0), 1);
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));

    let mut s = table(&[Lord, Rebel, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).hp = Some(2);
    seat(&mut s, 0).judge = vec![CardSpec::exact(Lightning, Suit::Spade, 1)];
    seat(&mut s, 1).hand = cards(&[Peach]);
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 9)];
    let mut c = Check::new(s);
    c.pass_windows();
    c.pass(0).card(1, Peach, &[]);
    assert_eq!(decline_saves(&mut c), vec![1, 2]);
    assert!(!c.alive(0));
    assert_eq!(winners(&c), (Some(Side::Rebels), vec![1, 2]));
}

/// D.20: on death the role is revealed and every card of the dead is discarded.
#[test]
fn d20_death_reveals_the_role_and_discards_every_card() {
    let mut s = table(&[Lord, Rebel, Rebel, Renegade]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Jink]);
    seat(&mut s, 1).equip = cards(&[EightDiagram]);
    seat(&mut s, 1).judge = cards(&[Indulgence]);
    let mut c = Check::new(s);
    assert_eq!(c.game.view(Seat(2)).seats[1].role, None);
    slash_to_death(&mut c, 0, 1);
    assert_eq!(died(&c, 1), Some((Rebel, Some(Seat(0)))));
    assert_eq!(c.game.view(Seat(2)).seats[1].role, Some(Rebel));
    let discarded = c.discard_pile();
    for kind in [Jink, EightDiagram, Indulgence] {
        assert!(discarded.contains(&kind), "{kind:?}");
    }
    assert!(c.game.table().seats[1].count_all() == 0);
    c.assert_conserved();
}

/// D.20: the win check comes before rewards: the kill that ends the game gives no reward.
#[test]
fn d20_a_kill_that_ends_the_game_gives_no_reward() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 1);
    assert_eq!(winners(&c), (Some(Side::Lord), vec![0]));
    assert!(c.hand(0).is_empty());
}

/// D.21: whoever kills a rebel draws 3.
#[test]
fn d21_killing_a_rebel_draws_three() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 1);
    assert!(!c.game.is_over());
    assert_eq!(c.hand(0).len(), 3);
}

/// D.21: also a rebel who kills a rebel.
#[test]
fn d21_a_rebel_killing_a_rebel_draws_three() {
    let mut s = table(&[Lord, Rebel, Rebel, Renegade]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hand = cards(&[Slash]);
    seat(&mut s, 2).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 1, 2);
    assert!(!c.game.is_over());
    assert_eq!(c.hand(1).len(), 3);
}

/// D.21: a lord who kills a loyalist discards hand and equipment, not the judgment area.
#[test]
fn d21_lord_killing_a_loyalist_discards_hand_and_equipment() {
    let mut s = table(&[Lord, Loyalist, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash, Peach, Jink]);
    seat(&mut s, 0).equip = cards(&[Crossbow, Dilu]);
    seat(&mut s, 0).judge = cards(&[Indulgence]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 1);
    assert!(!c.game.is_over());
    assert!(c.hand(0).is_empty());
    assert!(c.equipment(0).is_empty());
    assert_eq!(c.judge_area(0), vec![Indulgence]);
}

/// D.21: killing a loyalist (not as the lord) or a renegade: nothing.
#[test]
fn d21_other_kills_give_nothing() {
    let mut s = table(&[Lord, Loyalist, Rebel, Renegade]);
    s.current = Some(Seat(2));
    seat(&mut s, 2).hand = cards(&[Slash, Jink]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 2, 1);
    assert_eq!(c.hand(2), vec![Jink]);

    let mut s = table(&[Lord, Loyalist, Rebel, Renegade]);
    seat(&mut s, 0).hand = cards(&[Slash, Jink]);
    seat(&mut s, 3).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 3);
    assert_eq!(c.hand(0), vec![Jink]);
}

/// D.21: the killer is the source of the fatal damage, here the target of a lost 决斗; the
/// dead seat's turn ends and the next living seat plays.
#[test]
fn d21_losing_ones_own_duel_rewards_the_target() {
    let mut s = table(&[Lord, Rebel, Loyalist, Rebel]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Duel]);
    seat(&mut s, 2).hand = cards(&[Slash]);
    s.draw_pile_top = cards(&[Peach, Peach, Peach, Jink, Jink]);
    let mut c = Check::new(s);
    c.card(1, Duel, &[2]).pass_windows();
    c.card(2, Slash, &[]).pass(1);
    assert_eq!(decline_saves(&mut c), vec![1, 2, 3, 0]);
    assert_eq!(died(&c, 1), Some((Rebel, Some(Seat(2)))));
    assert!(!c.game.is_over());
    // 3 for the kill, then 2 in its own draw phase.
    assert!(c.is_asked(2, |k| *k == PromptKind::Play));
    assert_eq!(c.hand(2), vec![Peach, Peach, Peach, Jink, Jink]);
}

/// D.21: the lord who wins a 决斗 a loyalist started still killed a loyalist.
#[test]
fn d21_lord_killing_a_loyalist_in_the_loyalists_duel() {
    let mut s = table(&[Lord, Loyalist, Rebel]);
    s.current = Some(Seat(1));
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Duel]);
    seat(&mut s, 0).hand = cards(&[Slash, Jink]);
    seat(&mut s, 0).equip = cards(&[Dilu]);
    let mut c = Check::new(s);
    c.card(1, Duel, &[0]).pass_windows();
    c.card(0, Slash, &[]).pass(1);
    decline_saves(&mut c);
    assert_eq!(died(&c, 1), Some((Loyalist, Some(Seat(0)))));
    assert!(c.hand(0).is_empty() && c.equipment(0).is_empty());
}

/// D.21: damage with no source (闪电) kills without a killer: nobody is rewarded.
#[test]
fn d21_no_source_no_reward() {
    let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
    s.current = Some(Seat(1));
    s.phase = Phase::Judge;
    seat(&mut s, 1).hp = Some(3);
    seat(&mut s, 1).judge = vec![CardSpec::exact(Lightning, Suit::Spade, 1)];
    s.draw_pile_top = vec![CardSpec::exact(Slash, Suit::Spade, 9)];
    let mut c = Check::new(s);
    c.pass_windows();
    decline_saves(&mut c);
    assert_eq!(died(&c, 1), Some((Rebel, None)));
    for i in [0, 3] {
        assert!(c.hand(i).is_empty(), "seat {i} drew");
    }
    // The turn passes to the next living seat, who drew only its 2 of the draw phase.
    assert!(c.is_asked(2, |k| *k == PromptKind::Play));
    assert_eq!(c.hand(2).len(), 2);
}

/// D.22: the lord dies with only one renegade left alive: the renegade wins alone.
#[test]
fn d22_a_lone_renegade_wins() {
    let mut s = table(&[Lord, Rebel, Renegade]);
    dead(&mut s, 1);
    s.current = Some(Seat(2));
    seat(&mut s, 2).hand = cards(&[Slash]);
    seat(&mut s, 0).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 2, 0);
    assert_eq!(winners(&c), (Some(Side::Renegade), vec![2]));
}

/// D.22: the lord dies with anyone else alive besides a renegade: the rebels win, dead or not.
#[test]
fn d22_otherwise_the_lords_death_is_a_rebel_win() {
    let mut s = table(&[Lord, Loyalist, Rebel, Renegade]);
    dead(&mut s, 2);
    s.current = Some(Seat(3));
    seat(&mut s, 3).hand = cards(&[Slash]);
    seat(&mut s, 0).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 3, 0);
    assert_eq!(winners(&c), (Some(Side::Rebels), vec![2]));
}

/// D.22: with two renegades (variant tables) the lord's death while both live is a rebel win.
#[test]
fn d22_two_renegades_alive_means_rebels_win() {
    let mut s = table(&[Lord, Rebel, Renegade, Renegade]);
    dead(&mut s, 1);
    s.current = Some(Seat(2));
    seat(&mut s, 2).hand = cards(&[Slash]);
    seat(&mut s, 0).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 2, 0);
    assert_eq!(winners(&c), (Some(Side::Rebels), vec![1]));
}

/// D.22: all rebels and renegades dead: the lord and every loyalist (dead too) win.
#[test]
fn d22_lord_and_loyalists_win_when_rebels_and_renegades_are_dead() {
    let mut s = table(&[Lord, Loyalist, Rebel, Renegade]);
    dead(&mut s, 1);
    dead(&mut s, 3);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 2).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 2);
    assert_eq!(winners(&c), (Some(Side::Lord), vec![0, 1]));
}

/// D.22: while a rebel or a renegade lives and the lord lives, the game goes on.
#[test]
fn d22_the_game_goes_on_while_the_lord_and_an_enemy_live() {
    let mut s = table(&[Lord, Rebel, Renegade]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 2).hp = Some(1);
    let mut c = Check::new(s);
    slash_to_death(&mut c, 0, 2);
    assert!(!c.game.is_over());
}
