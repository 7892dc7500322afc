//! 万箭齐发 Archery Attack — 普通锦囊.
//!
//! 出牌阶段，对所有其他角色使用。每名目标角色须打出一张【闪】，否则受到你造成的1点伤害。
//! Use on every other character: each must play (打出) a 闪 or take 1 damage from you.

use crate::card::{CardKind, Category};
use crate::def::card::{all_others, always, CardDef, Target};
use crate::game::Game;
use crate::prompt::Cause;
use crate::resolve::{
    Damage, DamageFrame, EffectFrame, Frame, Reply, RespondFrame, RespondMode, Step,
};

pub static DEF: CardDef = CardDef {
    kind: CardKind::ArcheryAttack,
    name_zh: "万箭齐发",
    name_en: "Archery Attack",
    text_zh:
        "出牌阶段，对所有其他角色使用。每名目标角色须打出一张【闪】，否则受到你造成的1点伤害。",
    text_en: "Use on every other character: each must play a Jink or take 1 damage from you.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(all_others),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    respond_or_damage(game, frame, CardKind::Jink, RespondMode::Play)
}

/// The shared shape of the two AoE tricks: give a `kind` or take 1 damage from the user.
pub(crate) fn respond_or_damage(
    game: &mut Game,
    frame: &mut EffectFrame,
    kind: CardKind,
    mode: RespondMode,
) -> Step {
    let id = frame.use_id;
    let user = game.card_use(id).user;
    let trick = game.card_use(id).card.kind;
    match frame.step {
        0 => {
            frame.step = 1;
            Step::Push(Frame::Respond(
                RespondFrame::new(frame.target, kind, mode, Cause::Card(trick))
                    .answering(Some(id), Some(user)),
            ))
        }
        1 => {
            frame.step = 2;
            if game.take_reply() == Reply::Responded(true) {
                return Step::Done;
            }
            let damage = Damage::by_card(game, id, Some(user), frame.target);
            Step::Push(Frame::Damage(DamageFrame::new(damage)))
        }
        _ => Step::Done,
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::SkillId;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn every_other_seat_gives_a_jink_or_takes_one_damage() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[ArcheryAttack]);
        seat(&mut s, 2).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, ArcheryAttack, &[]).pass_windows();
        c.pass(1).pass_windows();
        c.card(2, Jink, &[]);
        assert_eq!([c.hp(0), c.hp(1), c.hp(2)], [4, 3, 4]);
        assert!(c.has_prompt(0));
    }

    #[test]
    fn eight_diagram_answers_it() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[ArcheryAttack]);
        seat(&mut s, 1).equip = cards(&[EightDiagram]);
        s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
        let mut c = Check::new(s);
        c.card(0, ArcheryAttack, &[]).pass_windows();
        c.act(
            1,
            Action::Skill {
                skill: SkillId::EightDiagram,
                cards: Vec::new(),
                targets: Vec::new(),
            },
        );
        assert_eq!(c.hp(1), 4);
    }

    #[test]
    fn nullification_protects_only_its_target() {
        // timing-rulings.md C.13.
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[ArcheryAttack]);
        seat(&mut s, 1).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(0, ArcheryAttack, &[]);
        c.card(1, Nullification, &[]).pass_windows();
        // Seat 1 is spared; seat 2's window follows.
        c.pass_windows().pass(2);
        assert_eq!([c.hp(1), c.hp(2)], [4, 3]);
    }
}
