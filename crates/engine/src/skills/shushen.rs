//! 淑慎 Shushen — 甘夫人 (国战, H-SK-shushen).
//!
//! 当你回复1点体力后，你可以令一名与你势力相同的其他角色摸一张牌。
//! After you recover 1 HP (per point), you may choose another character of your faction: it
//! draws 1.
//!
//! "Of your faction" as [QHeg]'s `willBeFriendWith` (`Game::will_be_friend`): a hidden 甘夫人
//! may reveal to use it when she would be that character's friend. A recovery of several points
//! asks once per point (the later points in a frame of the skill).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::Recovered,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Shushen,
        "淑慎",
        "Shushen",
        "当你回复1点体力后，你可以令一名与你势力相同的其他角色摸一张牌。",
        "After you recover 1 HP, you may have another character of your faction draw a card.",
    )
};

fn friends(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.is_alive(*s) && game.will_be_friend(owner, *s))
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Recovered { seat, .. } if *seat == owner)
        && game.is_alive(owner)
        && !friends(game, owner).is_empty()
}

fn choices(game: &Game, owner: Seat) -> (PromptKind, Choices) {
    let mut actions: Vec<Action> = friends(game, owner)
        .into_iter()
        .map(|s| Action::Skill {
            skill: SkillId::Shushen,
            cards: Vec::new(),
            targets: vec![s],
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Shushen),
    };
    (kind, Choices::actions(actions))
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    Some(choices(game, owner))
}

fn draw_for(game: &mut Game, action: &Action) {
    if let Action::Skill { targets, .. } = action {
        if let Some(&target) = targets.first().filter(|t| game.is_alive(**t)) {
            game.draw(target, 1);
        }
    }
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    draw_for(game, action);
    let TimingData::Recovered { amount, .. } = data else {
        return None;
    };
    // The other points, each asked in turn.
    let mut frame = SkillFrame::new(SkillId::Shushen, owner);
    frame.n = amount.saturating_sub(1);
    (frame.n > 0).then_some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    if frame.step == 1 {
        frame.step = 0;
        frame.n -= 1;
        if let Some((_, action @ Action::Skill { .. })) = game.take_answer() {
            let targets = match &action {
                Action::Skill { targets, .. } => targets.clone(),
                _ => Vec::new(),
            };
            game.invoke(owner, SkillId::Shushen, targets);
            draw_for(game, &action);
        }
        return Step::Again;
    }
    if frame.n == 0 || !game.is_alive(owner) || friends(game, owner).is_empty() {
        return Step::Done;
    }
    frame.step = 1;
    let (kind, choices) = choices(game, owner);
    Step::ask(Prompt::new(owner, kind, choices))
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-shushen: 甘夫人 eats a 桃; a 蜀 seat draws 1; a 魏 seat cannot be chosen.
    #[test]
    fn h_sk_shushen_a_friend_draws_after_she_recovers() {
        let mut s = table(&[
            (G::HegGanfuren, G::HegLiubei, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegGuanyu, G::HegZhangfei, true, true),
        ]);
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Peach, &[]);
        assert_eq!(c.hp(0), 3);
        let to = |t: u8| Action::Skill {
            skill: SkillId::Shushen,
            cards: Vec::new(),
            targets: vec![Seat(t)],
        };
        assert!(!c.allows(0, &to(1)), "魏 is not her faction");
        let before = c.hand(2).len();
        c.act(0, to(2));
        assert_eq!(c.hand(2).len(), before + 1);
    }
}
