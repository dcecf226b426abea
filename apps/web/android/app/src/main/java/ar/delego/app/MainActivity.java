package ar.delego.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
