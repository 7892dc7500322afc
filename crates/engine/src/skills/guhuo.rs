//! 蛊惑 Guhuo — 于吉 (2013 text).
//!
//! 每名角色的回合限一次，你可以扣置一张手牌当任意一张基本牌或非延时类锦囊牌使用或打出。此时，其他角色依次选择是否质疑。一旦有角色质疑，则翻开此牌：若为假，则此牌作废；若为真，则质疑角色获得技能"缠怨"。
//! Once in each character's turn, you may put a hand card face down and use it as any basic card
//! or ordinary trick you name. The other characters, one at a time in seat order, choose whether
//! to challenge. As soon as one does, the card is revealed: if false, it is void; if genuine, the
//! challenger gains 缠怨. Unchallenged, it is revealed and used as named.
//!
//! Here 蛊惑 is used in 于吉's play phase (naming a card he could use there, with its targets);
//! playing it in answer to a request is not offered yet. The named card is an option whose index
//! is the kind's number (`CardKind as u8`). W-GUHUO-1: genuine = the real card is of the named
//! kind (any 杀 is a 杀). W-GUHUO-3: until revealed the card lies face down on 于吉's general (a
//! pile only he sees): no other seat's events or view name it; a void card was never used (a void
//! 杀 spends no 杀 allowance). W-GUHUO-4: once per turn. W-GUHUO-5: characters at 0 HP or less
//! and holders of 缠怨 are not asked. Illegal targets are not removed on the reveal (not
//! implemented).
//!
//! The 2009 text ([`ORIGINAL`], `W-GUHUO-OLD`): no limit; every other character with HP above 0 is
//! asked, and any number may challenge. Then the card is revealed: unchallenged it is used as
//! named; challenged and genuine, each challenger loses 1 HP and the card is used only if it is
//! a ♥; challenged and false, each challenger draws a card and the card is void. No 缠怨.

use crate::action::Action;
use crate::card::{CardId, CardKind, Category, Suit, UsedCard};
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, LoseHpFrame, Step};
use crate::seat::Seat;
use crate::zone::{Visibility, Zone};

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    limit: Some(Limit::ONCE_PER_TURN),
    grants: &[SkillId::Chanyuan],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Guhuo,
        "蛊惑",
        "Guhuo",
        "每名角色的回合限一次，你可以扣置一张手牌当任意一张基本牌或非延时类锦囊牌使用或打出。此时，其他角色依次选择是否质疑。一旦有角色质疑，则翻开此牌：若为假，则此牌作废；若为真，则质疑角色获得技能“缠怨”。",
        "Once per turn, you may put a hand card face down and use it as any basic card or ordinary trick you name. The others in turn may challenge it: once one does, it is revealed — if false it is void; if genuine the challenger gains Chanyuan.",
    )
};

/// 蛊惑 as the 2009 print words it.
pub static ORIGINAL: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::GuhuoOld,
        "蛊惑",
        "Guhuo",
        "你可以扣置一张手牌当任意一张基本牌或非延时类锦囊牌使用或打出。此时，其他角色依次选择是否质疑。然后翻开此牌：若无人质疑，此牌依你所述结算；若为真，质疑角色各失去1点体力，且此牌为红桃时才依你所述结算；若为假，质疑角色各摸一张牌，此牌作废。",
        "You may put a hand card face down and use it as any basic card or ordinary trick you name. Every other character may challenge it. Then it is revealed: unchallenged, it is used as named; if genuine, each challenger loses 1 HP and the card is used only if it is a heart; if false, each challenger draws a card and the card is void.",
    )
};

// `SkillFrame::step` values.
const NAME: u8 = 0;
const CARD: u8 = 1;
const PUT: u8 = 2;
/// Asking the i-th challenger is step `ASK + 2i`, its answer step `ASK + 2i + 1`.
const ASK: u8 = 10;
const REVEAL: u8 = 200;
const OVER: u8 = 201;
/// 2009, a genuine card challenged: the k-th challenger loses 1 HP at step `PENALTY + k`.
const PENALTY: u8 = 210;

fn can_use(game: &Game, owner: Seat) -> bool {
    !game.hand(owner).is_empty() && !nameable(game, owner).is_empty()
}

/// The basic cards and ordinary tricks of this game's deck 于吉 could use now, with targets.
fn nameable(game: &Game, owner: Seat) -> Vec<CardKind> {
    let mut kinds: Vec<CardKind> = Vec::new();
    for id in 0..game.deck().len() {
        let kind = game.deck().card(crate::card::CardId(id as u16)).kind;
        if kinds.contains(&kind) {
            continue;
        }
        let def = game.card_def(kind);
        if !matches!(def.category, Category::Basic | Category::Trick) {
            continue;
        }
        let card = UsedCard::virtual_card(kind);
        if (def.can_use)(game, owner, &card) && !game.target_sets(owner, &card).is_empty() {
            kinds.push(kind);
        }
    }
    kinds.sort();
    kinds
}

/// The characters asked whether they challenge, in seat order from the current seat.
fn challengers(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from_current()
        .into_iter()
        .filter(|s| *s != owner && game.hp(*s) > 0 && !game.has_skill(*s, SkillId::Chanyuan))
        .collect()
}

/// 2009: the seats that challenged, kept as a bit per seat in `use_id` (which the 2013 text uses
/// for its one challenger), in seat order from the current seat.
fn challenged(game: &Game, frame: &SkillFrame) -> Vec<Seat> {
    let mask = frame.use_id.unwrap_or(0);
    game.order_from_current()
        .into_iter()
        .filter(|s| mask & (1 << s.index()) != 0)
        .collect()
}

/// The kind 于吉 named (its number is the option's index; the registry lists kinds in order).
fn named(game: &Game, frame: &SkillFrame) -> Option<CardKind> {
    game.registry
        .cards
        .get(usize::from(frame.n))
        .map(|def| def.kind)
}

fn ask(seat: Seat, cause: Cause, mut actions: Vec<Action>) -> Step {
    actions.push(Action::Pass);
    Step::ask(Prompt::new(
        seat,
        PromptKind::Choose { cause },
        Choices::actions(actions),
    ))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        NAME => {
            frame.step = CARD;
            let options = nameable(game, owner)
                .into_iter()
                .map(|kind| Action::Option { index: kind as u8 })
                .collect();
            ask(owner, Cause::Skill(frame.skill), options)
        }
        CARD => {
            let Some((_, Action::Option { index })) = game.take_answer() else {
                return Step::Done;
            };
            frame.n = index;
            let Some(kind) = named(game, frame) else {
                return Step::Done;
            };
            frame.step = PUT;
            let sets = game.target_sets(owner, &UsedCard::virtual_card(kind));
            let mut actions = Vec::new();
            for &card in game.hand(owner) {
                for targets in &sets {
                    actions.push(Action::Card {
                        cards: vec![card],
                        skill: Some(frame.skill),
                        targets: targets.clone(),
                    });
                }
            }
            ask(owner, Cause::Card(kind), actions)
        }
        PUT => {
            let Some((_, Action::Card { cards, targets, .. })) = game.take_answer() else {
                return Step::Done;
            };
            game.invoke(owner, frame.skill, targets.clone());
            // Face down on his general: only 于吉 knows the card.
            game.move_to_pile(&cards, owner, frame.skill, Visibility::Owner);
            frame.cards = cards;
            frame.seats = targets;
            frame.step = ASK;
            Step::Again
        }
        REVEAL => reveal(game, frame),
        OVER => {
            game.take_reply();
            Step::Done
        }
        s if s >= PENALTY => penalty(game, frame, usize::from(s - PENALTY)),
        s if s >= ASK && (s - ASK).is_multiple_of(2) => {
            let i = usize::from((s - ASK) / 2);
            let Some(&challenger) = challengers(game, owner).get(i) else {
                frame.step = REVEAL;
                return Step::Again;
            };
            let Some(kind) = named(game, frame) else {
                return Step::Done;
            };
            frame.step = s + 1;
            let challenge = Action::Skill {
                skill: frame.skill,
                cards: Vec::new(),
                targets: vec![owner],
            };
            ask(challenger, Cause::Card(kind), vec![challenge])
        }
        s => {
            let answer = game.take_answer();
            if let Some((challenger, Action::Skill { .. })) = answer {
                if frame.skill == SkillId::GuhuoOld {
                    // 2009: every one is asked; all who challenge are marked.
                    frame.use_id = Some(frame.use_id.unwrap_or(0) | 1 << challenger.index());
                    frame.step = s.saturating_add(1);
                } else {
                    frame.use_id = Some(challenger.index());
                    frame.step = REVEAL;
                }
            } else {
                frame.step = s.saturating_add(1);
            }
            Step::Again
        }
    }
}

/// Turns the card over: void if challenged and false; otherwise used as named (a wrong
/// challenger gains 缠怨).
fn reveal(game: &mut Game, frame: &mut SkillFrame) -> Step {
    frame.step = OVER;
    let (Some(&card), Some(kind)) = (frame.cards.first(), named(game, frame)) else {
        return Step::Done;
    };
    game.move_cards(&[card], Zone::Processing);
    let real = game.card(card);
    let genuine = real.kind == kind;
    if frame.skill == SkillId::GuhuoOld && frame.use_id.is_some() {
        if genuine {
            frame.step = PENALTY;
            return Step::Again;
        }
        // False: each challenger draws a card; the card is void.
        for challenger in challenged(game, frame) {
            game.draw(challenger, 1);
        }
        game.discard_from_processing(&[card]);
        return Step::Done;
    }
    let challenger = frame.use_id.map(|i| Seat(i as u8));
    match challenger {
        Some(_) if !genuine => {
            game.discard_from_processing(&[card]);
            return Step::Done;
        }
        Some(challenger) => game.gain_skill(challenger, SkillId::Chanyuan),
        None => {}
    }
    use_as_named(game, frame, card, kind)
}

/// The revealed card is used as the card 于吉 named.
fn use_as_named(game: &mut Game, frame: &mut SkillFrame, card: CardId, kind: CardKind) -> Step {
    frame.step = OVER;
    let real = game.card(card);
    let mut used = UsedCard::converted(kind, &[real], Some(frame.skill));
    if real.kind == kind {
        used.nature = real.nature;
    }
    let targets = std::mem::take(&mut frame.seats);
    Step::Push(crate::flow::turn::use_card(
        game,
        frame.owner,
        used,
        targets,
    ))
}

/// 2009, a genuine card challenged: the `k`-th challenger loses 1 HP; after the last, the card
/// is used as named if it is a ♥, and is void otherwise.
fn penalty(game: &mut Game, frame: &mut SkillFrame, k: usize) -> Step {
    let (Some(&card), Some(kind)) = (frame.cards.first(), named(game, frame)) else {
        return Step::Done;
    };
    if k > 0 {
        game.take_reply();
    }
    // The challengers in seat order, k of them already paid (one who died is passed over).
    if let Some(&challenger) = challenged(game, frame).get(k) {
        frame.step = PENALTY.saturating_add(k as u8 + 1);
        if !game.is_alive(challenger) {
            return Step::Again;
        }
        return Step::Push(Frame::LoseHp(LoseHpFrame::new(challenger, 1)));
    }
    if game.card(card).suit == Suit::Heart && game.is_alive(frame.owner) {
        return use_as_named(game, frame, card, kind);
    }
    game.discard_from_processing(&[card]);
    Step::Done
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod original_tests;
