//! 享乐 Xiangle — 刘禅 (山; 国战 the same, H-SK-xiangle).
//!
//! 锁定技，当你成为其他角色使用【杀】的目标时，其需弃置一张基本牌，否则此【杀】对你无效。
//! Compulsory: when you become a target of a 杀 used by another character, that character may
//! discard a basic card; if it does not (or it is dead), this 杀 has no effect on you.
//!
//! The user is asked whenever it has a hand card — whether a hand holds a basic card is secret,
//! so a question skipped for want of one would tell (as 骁果's); it may pass. Unpaid, 刘禅 stays a
//! target (after-targeting effects still see him) and the 杀's effect skips him
//! (`CardUse::no_effect`). A hidden 刘禅 is asked whether to reveal for it (H-REV-7).

use crate::action::Action;
use crate::card::{CardKind, Category};
use crate::def::skill::{Ask, SkillDef, SkillFrame, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::TargetChosen,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Xiangle,
        "享乐",
        "Xiangle",
        "锁定技，当你成为其他角色使用【杀】的目标时，其需弃置一张基本牌，否则此【杀】对你无效。",
        "Compulsory: when you become a target of another character's Slash, it must discard a basic card, or the Slash has no effect on you.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Target { use_id, target }
        if *target == owner
            && game.card_use(*use_id).card.kind == CardKind::Slash
            && game.card_use(*use_id).user != owner)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Target { use_id, .. } = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Xiangle, owner);
    frame.use_id = Some(*use_id);
    Some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let Some(use_id) = frame.use_id else {
        return Step::Done;
    };
    let user = game.card_use(use_id).user;
    if frame.step == 0 {
        if game.is_alive(user) && !game.hand(user).is_empty() {
            frame.step = 1;
            let basics: Vec<_> = game
                .hand(user)
                .iter()
                .copied()
                .filter(|c| game.card_def(game.card(*c).kind).category == Category::Basic)
                .collect();
            return Step::ask(Prompt::new(
                user,
                PromptKind::Choose {
                    cause: Cause::Skill(SkillId::Xiangle),
                },
                Choices::Cards {
                    from: basics,
                    min: 1,
                    max: 1,
                    can_pass: true,
                },
            ));
        }
        game.card_use_mut(use_id).no_effect.push(owner);
        return Step::Done;
    }
    match game.take_answer() {
        Some((_, Action::Cards { cards })) if !cards.is_empty() => game.discard(&cards),
        _ => game.card_use_mut(use_id).no_effect.push(owner),
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::testing::{cards, seat, Check};

    fn slashed(hand: &[crate::card::CardKind]) -> Check {
        let mut s = table(&[
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegLiushan, G::HegZhaoyun, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(hand);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        c
    }

    /// H-SK-xiangle: 曹操 does not pay: the 杀 has no effect on 刘禅 (he is not asked for 闪).
    #[test]
    fn h_sk_xiangle_unpaid_no_effect() {
        let mut c = slashed(&[Slash, Jink]);
        c.pass(0);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hand(0), vec![Jink]);
    }

    /// H-SK-xiangle: 曹操 discards his 闪 (a basic card): the 杀 hits.
    #[test]
    fn h_sk_xiangle_paid_with_a_basic_card() {
        let mut c = slashed(&[Slash, Jink]);
        let jink = c.hand_card(0, Jink);
        c.act(0, Action::Cards { cards: vec![jink] });
        c.pass(1);
        assert_eq!(c.hp(1), 2);
    }
}
