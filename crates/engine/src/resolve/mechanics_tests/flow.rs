//! The flow of a game around skills: the new timings (turn, round, response, dying), damage
//! natures on cards and conversions, showing cards, extra turns and skipped phases, 拼点, and
//! filters. Helpers are the parent module's.

use super::*;
// ---- the timings -------------------------------------------------------------------------------

fn own_turn(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Turn { seat } if *seat == owner)
}

fn any_round(_: &Game, _: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Round { .. })
}

fn own_response(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Response { seat, card, .. } if *seat == owner && card.kind == CardKind::Jink)
}

fn own_dying(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Dying { seat, .. } if *seat == owner)
}

fn mark_timing(timing: Timing) -> MarkId {
    MarkId::Card(match timing {
        Timing::TurnStart => CardKind::Duel,
        Timing::TurnEnd => CardKind::Snatch,
        Timing::RoundStart => CardKind::Peach,
        Timing::CardResponded => CardKind::Jink,
        _ => CardKind::Slash,
    })
}

macro_rules! counting {
    ($name:ident, $timing:expr) => {
        fn $name(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
            game.add_mark(owner, mark_timing($timing), 1, Visibility::Public);
            None
        }
    };
}
counting!(count_turn_start, Timing::TurnStart);
counting!(count_turn_end, Timing::TurnEnd);
counting!(count_round, Timing::RoundStart);
counting!(count_response, Timing::CardResponded);
counting!(count_dying, Timing::Dying);

static TIMINGS: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[
        Trigger {
            timing: Timing::TurnStart,
            can_trigger: own_turn,
            ask: Ask::Never,
            on_trigger: count_turn_start,
        },
        Trigger {
            timing: Timing::TurnEnd,
            can_trigger: own_turn,
            ask: Ask::Never,
            on_trigger: count_turn_end,
        },
        Trigger {
            timing: Timing::RoundStart,
            can_trigger: any_round,
            ask: Ask::Never,
            on_trigger: count_round,
        },
        Trigger {
            timing: Timing::CardResponded,
            can_trigger: own_response,
            ask: Ask::Never,
            on_trigger: count_response,
        },
        Trigger {
            timing: Timing::Dying,
            can_trigger: own_dying,
            ask: Ask::Never,
            on_trigger: count_dying,
        },
    ],
    ..SkillDef::named(SkillId::Biyue, "时", "Timings", "时", "Timings")
};

#[test]
fn turn_round_response_and_dying_timings_fire() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 1).gained = vec![SkillId::Biyue];
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[CardKind::Jink]);
    seat(&mut s, 0).hand = cards(&[CardKind::Slash, CardKind::Duel]);
    let mut c = Check::with_registry(registry_with(&[&TIMINGS], &[]), s);
    // A 闪 given in answer to a 杀.
    c.card(0, CardKind::Slash, &[1])
        .card(1, CardKind::Jink, &[]);
    assert_eq!(c.game.mark(Seat(1), mark_timing(Timing::CardResponded)), 1);
    // Entering dying (a 决斗 it cannot answer).
    c.card(0, CardKind::Duel, &[1]).pass_windows().pass(1);
    assert_eq!(c.game.mark(Seat(1), mark_timing(Timing::Dying)), 1);
    while c.is_asked(1, |k| matches!(k, PromptKind::Save { .. }))
        || c.is_asked(0, |k| matches!(k, PromptKind::Save { .. }))
    {
        let p = c.game.prompts()[0].clone();
        c.pass(p.seat.0);
    }
    assert!(
        c.game.is_over(),
        "a lord against a lone rebel: the rebel's death ends it"
    );

    // Turns and rounds, in a game that goes on.
    let mut s = table(&[Lord, Rebel, Renegade]);
    seat(&mut s, 1).gained = vec![SkillId::Biyue];
    let mut c = Check::with_registry(registry_with(&[&TIMINGS], &[]), s);
    while c.game.round() < 3 {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
    }
    // Two whole rounds: two turns of seat 1 started and ended; rounds 2 and 3 began.
    assert_eq!(c.game.mark(Seat(1), mark_timing(Timing::TurnStart)), 2);
    assert_eq!(c.game.mark(Seat(1), mark_timing(Timing::TurnEnd)), 2);
    assert_eq!(c.game.mark(Seat(1), mark_timing(Timing::RoundStart)), 2);
}

// ---- damage natures on cards ---------------------------------------------------------------------

fn any_as_slash(_: &[crate::card::Card]) -> Option<CardKind> {
    Some(CardKind::Slash)
}

fn in_play(_: &Game, _: Seat, mode: crate::def::skill::CardMode) -> bool {
    mode == crate::def::skill::CardMode::Play
}

static FIRE_SLASH: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind: any_as_slash,
        accepts: None,
        shared_suit: false,
        usable: in_play,
        nature: Nature::Fire,
    }),
    ..SkillDef::named(SkillId::Qixi, "火", "Fire", "火", "Fire")
};

static FIRE_PACK: CardPack = CardPack {
    id: "test_fire",
    version: 1,
    name_zh: "火",
    name_en: "Fire",
    options: &[],
    requires: &["standard"],
    modes: &[],
    rows: &[DeckRow::new(CardKind::Slash, Suit::Heart, 4).of_nature(Nature::Fire)],
    card_rules: crate::def::CardRules::Standard,
};

#[test]
fn a_card_or_a_conversion_of_fire_nature_deals_fire_damage() {
    // A physical 火杀 from a card pack.
    let registry = registry_with(&[&FIRE_SLASH], &[&FIRE_PACK]);
    let mut s = table(&[Lord, Rebel]);
    s.ruleset = Ruleset {
        cards: vec![PackChoice::new("standard"), PackChoice::new("test_fire")],
        ..Ruleset::standard()
    };
    seat(&mut s, 0).hand = vec![CardSpec::exact(CardKind::Slash, Suit::Heart, 4)];
    let mut c = Check::with_registry(registry, s.clone());
    let fire = c.game.hand(Seat(0))[0];
    assert_eq!(
        c.game.card(fire).nature,
        Nature::Fire,
        "the pack's own card"
    );
    c.card(0, CardKind::Slash, &[1]).pass(1);
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::Damaged {
            nature: Nature::Fire,
            ..
        }
    )));

    // A conversion that makes a fire 杀.
    seat(&mut s, 0).hand = cards(&[CardKind::Peach]);
    seat(&mut s, 0).gained = vec![SkillId::Qixi];
    let mut c = Check::with_registry(registry, s);
    let converted = c
        .find(0, |_, skill, _| skill == Some(SkillId::Qixi))
        .expect("the conversion is offered");
    c.act(0, converted).pass(1);
    assert!(c.events.iter().any(|e| matches!(e,
        Event::CardUsed { card, .. } if card.nature == Nature::Fire && card.kind == CardKind::Slash)));
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::Damaged {
            nature: Nature::Fire,
            ..
        }
    )));
}

// ---- showing cards -------------------------------------------------------------------------------

#[test]
fn shown_cards_are_named_to_those_shown_only() {
    let mut s = table(&[Lord, Rebel, Renegade]);
    seat(&mut s, 0).hand = cards(&[CardKind::Peach]);
    let mut c = Check::new(s);
    let peach = c.game.hand(Seat(0))[0];
    c.game
        .show_cards(Seat(0), &[peach], Known::Seats(vec![Seat(1)]));
    c.events.extend(c.game.take_events().0);
    let shown = |viewer: Option<u8>| {
        c.seen_by(viewer).into_iter().find_map(|e| match e {
            Event::CardsShown { cards, .. } => Some(cards),
            _ => None,
        })
    };
    assert_eq!(shown(Some(1)), Some(vec![Some(peach)]));
    assert_eq!(shown(Some(0)), Some(vec![Some(peach)]), "its owner");
    assert_eq!(
        shown(Some(2)),
        Some(vec![None]),
        "another seat learns only that a card was shown"
    );
    assert_eq!(shown(None), Some(vec![None]));
    assert_eq!(c.game.hand(Seat(0)), [peach], "it does not move");
}

// ---- extra turns and skipped phases ---------------------------------------------------------------

fn extra_turn_step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    game.invoke(frame.owner, frame.skill, Vec::new());
    game.extra_turn(frame.owner);
    Step::Done
}

fn skip_draw(game: &mut Game, _: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.skip_phase(Phase::Draw);
    None
}

static EXTRA: SkillDef = SkillDef {
    active: Some(Active { can_use: always }),
    limit: Some(Limit::ONCE_PER_TURN),
    step: Some(extra_turn_step),
    triggers: &[Trigger {
        timing: Timing::TurnStart,
        can_trigger: own_turn,
        ask: Ask::Never,
        on_trigger: skip_draw,
    }],
    ..SkillDef::named(SkillId::Tuxi, "续", "Extra", "续", "Extra")
};

#[test]
fn an_extra_turn_comes_before_the_next_seat_and_a_phase_can_be_skipped() {
    let mut c = with_skills(Phase::Play, &[SkillId::Tuxi], &[&EXTRA]);
    c.act(0, skill(SkillId::Tuxi)).pass(0);
    while c.game.turn().number == 1 {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
    }
    assert_eq!(c.game.turn().seat, Seat(0), "the extra turn is seat 0's");
    assert!(c.events.contains(&Event::PhaseSkipped {
        seat: Seat(0),
        phase: Phase::Draw
    }));
    while c.game.turn().number == 2 {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
    }
    assert_eq!(c.game.turn().seat, Seat(1), "then the order goes on");
}

// ---- 拼点 --------------------------------------------------------------------------------------------

fn pindian_step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    match frame.step {
        0 => {
            frame.step = 1;
            game.invoke(frame.owner, frame.skill, frame.seats.clone());
            Step::Push(Frame::Pindian(PindianFrame::new(
                frame.owner,
                frame.seats[0],
                Cause::Skill(frame.skill),
            )))
        }
        _ => {
            if let Reply::Pindian(result) = game.take_reply() {
                if result.won {
                    game.draw(frame.owner, 1);
                }
                game.end_pindian(&result);
            }
            Step::Done
        }
    }
}

fn others(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && !game.hand(*s).is_empty())
        .map(|s| vec![s])
        .collect()
}

static PINDIAN: SkillDef = SkillDef {
    active: Some(Active { can_use: always }),
    active_targets: Some(others),
    step: Some(pindian_step),
    ..SkillDef::named(SkillId::Tuxi, "拼", "Pindian", "拼", "Pindian")
};

/// W-MECH-PINDIAN-2 (both choose secretly, at once), W-MECH-PINDIAN-3 (ranks compared).
#[test]
fn pindian_asks_both_at_once_compares_ranks_and_discards_after_the_result() {
    let mut s = table(&[Lord, Rebel]);
    seat(&mut s, 0).gained = vec![SkillId::Tuxi];
    seat(&mut s, 0).hand = vec![CardSpec::exact(CardKind::Slash, Suit::Spade, 10)];
    seat(&mut s, 1).hand = vec![CardSpec::exact(CardKind::Jink, Suit::Heart, 2)];
    let mut c = Check::with_registry(registry_with(&[&PINDIAN], &[]), s);
    c.act(
        0,
        Action::Skill {
            skill: SkillId::Tuxi,
            cards: Vec::new(),
            targets: vec![Seat(1)],
        },
    );
    assert!(c.is_asked(0, |k| matches!(k, PromptKind::Pindian { .. })));
    assert!(
        c.is_asked(1, |k| matches!(k, PromptKind::Pindian { .. })),
        "both at once"
    );
    let (mine, theirs) = (c.game.hand(Seat(0))[0], c.game.hand(Seat(1))[0]);
    c.act(
        1,
        Action::Cards {
            cards: vec![theirs],
        },
    );
    assert!(
        !c.events.iter().any(|e| matches!(
            e,
            Event::CardsMoved {
                to: Zone::Processing,
                ..
            }
        )),
        "nothing is shown before both have chosen"
    );
    c.act(0, Action::Cards { cards: vec![mine] });
    assert!(c.events.contains(&Event::Pindian {
        seat: Seat(0),
        target: Seat(1),
        cards: vec![mine, theirs],
        won: true
    }));
    assert_eq!(c.game.hand(Seat(0)).len(), 1, "the winner drew");
    assert_eq!(&c.game.table().discard_pile[..], &[mine, theirs]);
    c.assert_conserved();
}

// ---- filters -------------------------------------------------------------------------------------------

fn spades_are_hearts(_: &Game, _: Seat, card: &mut crate::card::Card) {
    if card.suit == Suit::Spade {
        card.suit = Suit::Heart;
    }
}

static HONGYAN_LIKE: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    filter: Some(spades_are_hearts),
    ..SkillDef::named(
        SkillId::Biyue,
        "红",
        "Spades as hearts",
        "红",
        "Spades as hearts",
    )
};

#[test]
fn a_filter_changes_how_the_owners_cards_count_in_hand_judgment_and_conversion() {
    let mut s = table(&[Lord, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).general = crate::ids::GeneralId::Guanyu;
    seat(&mut s, 0).gained = vec![SkillId::Biyue];
    seat(&mut s, 0).hand = vec![CardSpec::exact(CardKind::Duel, Suit::Spade, 1)];
    seat(&mut s, 0).judge = cards(&[CardKind::Indulgence]);
    s.draw_pile_top = vec![CardSpec::exact(CardKind::Slash, Suit::Spade, 8)];
    let mut c = Check::with_registry(registry_with(&[&HONGYAN_LIKE], &[]), s);
    let duel = c.game.hand(Seat(0))[0];
    assert_eq!(c.game.card(duel).suit, Suit::Heart, "in hand");
    assert_eq!(c.game.deck().card(duel).suit, Suit::Spade, "as printed");
    c.pass_windows();
    // The ♠8 judged for 乐不思蜀 counts as a ♥: the play phase is not skipped.
    assert!(!c.events.contains(&Event::PhaseSkipped {
        seat: Seat(0),
        phase: Phase::Play
    }));
    assert!(c.prompt(0).is_play());
    // 武圣 takes the ♠ 决斗 as a red card.
    assert!(c
        .find(0, |ids, skill, _| skill == Some(SkillId::Wusheng)
            && ids == [duel])
        .is_some());
}
