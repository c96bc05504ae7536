"""Each page's composite views: a cached computation, a figure from viz.figures, its caption and CSV,
drawn with the kit of viz.ui. One module per page, or per tab with many controls of its own (relative,
rope_scaling, online_softmax, windows, training, softmax_example, attention_steps); viz/i18n holds each
module's strings."""
