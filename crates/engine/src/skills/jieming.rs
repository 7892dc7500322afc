//! 节命 Jieming — 荀彧.
//!
//! 每当你受到1点伤害后，你可以令一名角色将手牌补至X张（X为该角色的体力上限且至多为5）。
//! After you take 1 point of damage, you may choose a character (you included): it draws until
//! it holds X hand cards (X = its max HP, at most 5).
//!
//! W-JIEMING-1: one choice per point of damage (3 damage, three choices); a character already
//! holding X or more draws nothing; it stops if 荀彧 dies.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Jieming,
        "节命",
        "Jieming",
        "每当你受到1点伤害后，你可以令一名角色将手牌补至X张（X为该角色的体力上限且至多为5）。",
        "After you take 1 point of damage, you may have a character draw until it holds X hand cards (X = its max HP, at most 5).",
    )
};

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d) if d.target == owner && d.amount > 0)
}

/// Every living character, then passing.
fn choices(game: &Game, owner: Seat) -> (PromptKind, Choices) {
    let mut actions: Vec<Action> = game
        .order_from(owner)
        .into_iter()
        .map(|s| Action::Skill {
            skill: SkillId::Jieming,
            cards: Vec::new(),
            targets: vec![s],
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Jieming),
    };
    (kind, Choices::actions(actions))
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    Some(choices(game, owner))
}

/// `seat` draws up to min(max HP, 5) hand cards.
fn fill(game: &mut Game, seat: Seat) {
    if !game.is_alive(seat) {
        return;
    }
    let x = usize::from(game.seat(seat).max_hp.min(5));
    let short = x.saturating_sub(game.hand(seat).len());
    if short > 0 {
        game.draw(seat, short);
    }
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let (TimingData::Damage(damage), Action::Skill { targets, .. }) = (data, action) else {
        return None;
    };
    if let Some(&to) = targets.first() {
        fill(game, to);
    }
    // The other points, one question each.
    let mut frame = SkillFrame::new(SkillId::Jieming, owner);
    frame.n = damage.amount.saturating_sub(1);
    (frame.n > 0).then_some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if frame.step == 1 {
        frame.step = 0;
        frame.n = frame.n.saturating_sub(1);
        match game.take_answer() {
            Some((_, Action::Skill { targets, .. })) => {
                game.invoke(owner, SkillId::Jieming, targets.clone());
                if let Some(&to) = targets.first() {
                    fill(game, to);
                }
                // The draw is a move: ask again in the next step.
                return Step::Again;
            }
            _ => return Step::Done,
        }
    }
    if frame.n == 0 || !game.is_alive(owner) {
        return Step::Done;
    }
    frame.step = 1;
    let (kind, choices) = choices(game, owner);
    Step::ask(crate::prompt::Prompt::new(owner, kind, choices))
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId, SkillId};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    fn choose(c: &mut Check, to: u8) {
        c.act(
            1,
            Action::Skill {
                skill: SkillId::Jieming,
                cards: Vec::new(),
                targets: vec![Seat(to)],
            },
        );
    }

    /// Seat 0 (with `hand`) hurts 荀彧 (seat 1) for `amount` with a 杀 (+ 酒).
    fn xunyu(drunk: bool) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "fire");
        s.ruleset = crate::ruleset::Ruleset::maneuvering();
        s.ruleset.generals.push("fire".into());
        seat(&mut s, 0).hand = if drunk {
            cards(&[Analeptic, Slash, Jink])
        } else {
            cards(&[Slash, Jink])
        };
        seat(&mut s, 1).general = GeneralId::Xunyu;
        let mut c = Check::new(s);
        if drunk {
            c.card(0, Analeptic, &[]);
        }
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    #[test]
    fn w_jieming_1_the_chosen_character_draws_up_to_its_max_hp() {
        let mut c = xunyu(false);
        choose(&mut c, 0);
        // Seat 0 (the lord, max HP 5 at most) held one card.
        let x = usize::from(c.game.seat(Seat(0)).max_hp.min(5));
        assert_eq!(c.hand(0).len(), x);
        assert!(c.prompt(0).is_play());
    }

    #[test]
    fn w_jieming_1_one_choice_per_point() {
        let mut c = xunyu(true);
        choose(&mut c, 1);
        assert_eq!(c.hand(1).len(), 3);
        // The second point: a second choice; he is already full, seat 0 is not.
        choose(&mut c, 0);
        let x = usize::from(c.game.seat(Seat(0)).max_hp.min(5));
        assert_eq!(c.hand(0).len(), x);
        assert_eq!(c.hp(1), 1);
    }
}
