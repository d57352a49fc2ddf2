;; The Yatzee solver's two hottest loops (kernel.ts throwPass) in WebAssembly with f64x2
;; SIMD: two upper sums per instruction. Same arithmetic in the same order as the scalar
;; code (sequential sums, max as "greater replaces"), so the numbers are bit-identical.
;; Assembled by scripts/make-yatzee-wasm.mjs into kernel-wasm.ts. All offsets are bytes
;; into the memory; rows are `rowBytes` long (an even number of f64 lanes).
(module
  (memory (export "mem") 1)

  ;; k[id] = (k[c0] + ... + k[c5]) / 6 for id = last .. 0; CHILD (i32, six per id) at $ch.
  (func (export "avg") (param $k i32) (param $ch i32) (param $rowBytes i32) (param $last i32)
    (local $id i32) (local $o i32) (local $row i32) (local $j i32)
    (local $c0 i32) (local $c1 i32) (local $c2 i32) (local $c3 i32) (local $c4 i32) (local $c5 i32)
    (local.set $id (local.get $last))
    (block $end
      (loop $ids
        (br_if $end (i32.lt_s (local.get $id) (i32.const 0)))
        (local.set $o (i32.add (local.get $ch) (i32.mul (local.get $id) (i32.const 24))))
        (local.set $c0 (i32.add (local.get $k) (i32.mul (i32.load offset=0 (local.get $o)) (local.get $rowBytes))))
        (local.set $c1 (i32.add (local.get $k) (i32.mul (i32.load offset=4 (local.get $o)) (local.get $rowBytes))))
        (local.set $c2 (i32.add (local.get $k) (i32.mul (i32.load offset=8 (local.get $o)) (local.get $rowBytes))))
        (local.set $c3 (i32.add (local.get $k) (i32.mul (i32.load offset=12 (local.get $o)) (local.get $rowBytes))))
        (local.set $c4 (i32.add (local.get $k) (i32.mul (i32.load offset=16 (local.get $o)) (local.get $rowBytes))))
        (local.set $c5 (i32.add (local.get $k) (i32.mul (i32.load offset=20 (local.get $o)) (local.get $rowBytes))))
        (local.set $row (i32.add (local.get $k) (i32.mul (local.get $id) (local.get $rowBytes))))
        (local.set $j (i32.const 0))
        (block $rowDone
          (loop $js
            (br_if $rowDone (i32.ge_u (local.get $j) (local.get $rowBytes)))
            (v128.store (i32.add (local.get $row) (local.get $j))
              (f64x2.mul
                (f64x2.add
                  (f64x2.add
                    (f64x2.add
                      (f64x2.add
                        (f64x2.add
                          (v128.load (i32.add (local.get $c0) (local.get $j)))
                          (v128.load (i32.add (local.get $c1) (local.get $j))))
                        (v128.load (i32.add (local.get $c2) (local.get $j))))
                      (v128.load (i32.add (local.get $c3) (local.get $j))))
                    (v128.load (i32.add (local.get $c4) (local.get $j))))
                  (v128.load (i32.add (local.get $c5) (local.get $j))))
                (v128.const f64x2 0x1.5555555555555p-3 0x1.5555555555555p-3)))
            (local.set $j (i32.add (local.get $j) (i32.const 16)))
            (br $js)))
        (local.set $id (i32.sub (local.get $id) (i32.const 1)))
        (br $ids))))

  ;; For id in [from, to): out[id] = max(k[id], m[p] for the parents p of id), where out is
  ;; m or k; PARENT_START and PARENTS (i32) at $ps and $pp. With $acc >= 0 the row is also
  ;; summed into acc, weighted by ROLL_PROB[id - $roll0] (f64 at $prob).
  (func (export "maxParents")
    (param $k i32) (param $m i32) (param $out i32) (param $ps i32) (param $pp i32)
    (param $rowBytes i32) (param $from i32) (param $to i32)
    (param $acc i32) (param $prob i32) (param $roll0 i32)
    (local $id i32) (local $row i32) (local $dst i32) (local $src i32) (local $j i32)
    (local $p i32) (local $pEnd i32) (local $par i32) (local $w v128)
    (local.set $id (local.get $from))
    (block $end
      (loop $ids
        (br_if $end (i32.ge_s (local.get $id) (local.get $to)))
        (local.set $row (i32.mul (local.get $id) (local.get $rowBytes)))
        (local.set $dst (i32.add (local.get $out) (local.get $row)))
        (local.set $src (i32.add (local.get $k) (local.get $row)))
        (local.set $p (i32.load (i32.add (local.get $ps) (i32.shl (local.get $id) (i32.const 2)))))
        (local.set $pEnd (i32.load offset=4 (i32.add (local.get $ps) (i32.shl (local.get $id) (i32.const 2)))))
        ;; the first parent against the id's own value, then each further parent
        (block $parentsDone
          (loop $parents
            (br_if $parentsDone (i32.ge_s (local.get $p) (local.get $pEnd)))
            (local.set $par
              (i32.add (local.get $m)
                (i32.mul (i32.load (i32.add (local.get $pp) (i32.shl (local.get $p) (i32.const 2)))) (local.get $rowBytes))))
            (local.set $j (i32.const 0))
            (block $rowDone
              (loop $js
                (br_if $rowDone (i32.ge_u (local.get $j) (local.get $rowBytes)))
                ;; pmax(x, y) = x < y ? y : x: "a greater parent replaces", as the scalar code
                (v128.store (i32.add (local.get $dst) (local.get $j))
                  (f64x2.pmax
                    (v128.load (i32.add (local.get $src) (local.get $j)))
                    (v128.load (i32.add (local.get $par) (local.get $j)))))
                (local.set $j (i32.add (local.get $j) (i32.const 16)))
                (br $js)))
            (local.set $src (local.get $dst))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $parents)))
        ;; an id without parents keeps its own value
        (if (i32.ne (local.get $src) (local.get $dst))
          (then (memory.copy (local.get $dst) (local.get $src) (local.get $rowBytes))))
        (if (i32.ge_s (local.get $acc) (i32.const 0))
          (then
            (local.set $w (f64x2.splat
              (f64.load (i32.add (local.get $prob) (i32.shl (i32.sub (local.get $id) (local.get $roll0)) (i32.const 3))))))
            (local.set $j (i32.const 0))
            (block $accDone
              (loop $accs
                (br_if $accDone (i32.ge_u (local.get $j) (local.get $rowBytes)))
                (v128.store (i32.add (local.get $acc) (local.get $j))
                  (f64x2.add
                    (v128.load (i32.add (local.get $acc) (local.get $j)))
                    (f64x2.mul (local.get $w) (v128.load (i32.add (local.get $dst) (local.get $j))))))
                (local.set $j (i32.add (local.get $j) (i32.const 16)))
                (br $accs)))))
        (local.set $id (i32.add (local.get $id) (i32.const 1)))
        (br $ids))))
)
